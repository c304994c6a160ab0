import { useEffect, useRef, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";

/**
 * The popup's image carousel: 3 slides on wide screens, 2 below 768 px, 1 below 480 px (CSS);
 * previous/next scroll one slide and stop at the ends (not infinite).
 */
export function Carousel({ images, title }: { images: string[]; title: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the images change.
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const update = () => {
      setAtStart(el.scrollLeft <= 1);
      setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 1);
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [images]);

  function step(direction: 1 | -1) {
    const el = track.current;
    const slide = el?.firstElementChild as HTMLElement | null;
    if (!el || !slide) return;
    el.scrollBy({ left: direction * slide.offsetWidth, behavior: "smooth" });
  }

  const scrolls = !(atStart && atEnd);
  return (
    <div className="carousel">
      {/* A track that scrolls takes the focus, so the arrow keys scroll it as a mouse or a
          finger would (and the previous/next buttons do). */}
      <ul
        ref={track}
        className="carousel-track"
        aria-label={`Images of ${title}`}
        tabIndex={scrolls ? 0 : undefined}
      >
        {images.map((url, i) => (
          <li key={url} className="carousel-slide">
            <ResponsiveImage
              src={url}
              alt={`${title}, image ${i + 1} of ${images.length}`}
              width={728}
              height={728}
              shape="square"
              sizes="(min-width: 768px) 160px, (min-width: 480px) 46vw, 92vw"
            />
          </li>
        ))}
      </ul>
      {scrolls ? (
        <>
          <button
            type="button"
            className="carousel-prev"
            aria-label="Previous image"
            disabled={atStart}
            onClick={() => step(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label="Next image"
            disabled={atEnd}
            onClick={() => step(1)}
          >
            ›
          </button>
        </>
      ) : null}
    </div>
  );
}
