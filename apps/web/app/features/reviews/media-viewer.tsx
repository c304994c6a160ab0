import type { ReviewMedia } from "@storefront/domain";
import { useEffect, useState } from "react";
import { DialogClose, ModalDialog } from "~/components/modal-dialog";
import { ResponsiveImage } from "~/components/responsive-image";

/** A review's photos and videos, large, one at a time, with Previous and Next. */
export function MediaViewer({
  media,
  start,
  onClose,
}: {
  media: ReviewMedia[] | null;
  start: number;
  onClose(): void;
}) {
  const [index, setIndex] = useState(start);
  useEffect(() => setIndex(start), [start]);
  const items = media ?? [];
  const item = items[index];
  return (
    <ModalDialog
      isOpen={media !== null}
      onClose={onClose}
      labelledBy="review-media-title"
      className="review-media-viewer"
    >
      <div className="review-media-panel">
        <DialogClose onClick={onClose} />
        <h2 id="review-media-title" className="visually-hidden">
          {`Photo ${index + 1} of ${items.length}`}
        </h2>
        {item ? (
          <figure>
            {item.type === "video" ? (
              // biome-ignore lint/a11y/useMediaCaption: shoppers' videos come without captions; the figure caption describes it.
              <video src={item.url} controls preload="metadata" />
            ) : (
              <ResponsiveImage
                key={item.url}
                src={item.url}
                alt={item.alt}
                width={728}
                height={546}
                sizes="min(728px, 90vw)"
              />
            )}
            <figcaption>{item.alt}</figcaption>
          </figure>
        ) : null}
        {items.length > 1 ? (
          <div className="review-media-nav">
            <button
              type="button"
              className="button button-secondary"
              disabled={index === 0}
              onClick={() => setIndex(index - 1)}
            >
              Previous
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={index === items.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              Next
            </button>
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}
