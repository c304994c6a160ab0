import { type AdminProductImage, PRODUCT_IMAGE_TYPES } from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import * as api from "~/lib/api";
import { useSave } from "~/lib/use-save";

/** The product's images: each with its description, removable; a new one uploaded. */
export function ImageManager({
  productId,
  images,
}: {
  productId: string;
  images: AdminProductImage[];
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [inputKey, setInputKey] = useState(0);
  const { busy, run: act, outcome } = useSave();
  function upload(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      if (!file) throw new Error("Choose an image to upload");
      await api.adminCatalog.addImage(file, {
        params: { id: productId },
        query: { alt: alt.trim() },
      });
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
    }, "The image is uploaded: the product page shows it now.");
  }
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Images</h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ul className="admin-image-list">
        {images.map((image, i) => (
          <li key={image.id} className="admin-image-item">
            <img src={`${image.url}?w=192&shape=square`} alt={image.alt} width={96} height={96} />
            <span>{image.alt || `Image ${i + 1} (no description)`}</span>
            <button
              type="button"
              className="admin-button"
              disabled={busy}
              onClick={() =>
                void act(
                  () =>
                    api.adminCatalog.removeImage({ params: { id: productId, imageId: image.id } }),
                  "The image is removed.",
                )
              }
            >
              Remove image {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={upload} noValidate className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>Image (JPEG, PNG or WebP, up to 10 MB)</label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={Object.keys(PRODUCT_IMAGE_TYPES).join(",")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-alt`}>Description for people who cannot see it</label>
          <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} />
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          Upload image
        </button>
      </form>
      {outcome}
    </section>
  );
}
