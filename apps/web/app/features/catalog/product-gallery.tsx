import { useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";

/** The main image with thumbnails to switch it. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  if (!current) return null;
  return (
    <div className="gallery">
      <ResponsiveImage
        key={current}
        src={current}
        alt={`${title}, image ${active + 1} of ${images.length}`}
        width={728}
        height={728}
        shape="square"
        sizes="(min-width: 768px) 50vw, 100vw"
        fetchPriority="high"
        className="gallery-main"
      />
      {images.length > 1 ? (
        <ul className="gallery-thumbs">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === active}
                onClick={() => setActive(i)}
              >
                <ResponsiveImage
                  src={url}
                  alt=""
                  width={72}
                  height={72}
                  shape="square"
                  sizes="72px"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
