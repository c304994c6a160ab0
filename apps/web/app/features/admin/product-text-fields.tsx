import { useId, useState } from "react";
import { type Draft, handleOf } from "./product-draft";

/**
 * The product's words and address: its title, its handle (made of the title until the admin
 * types one; a saved product's stays), its description and the description search engines show.
 */
export function ProductTextFields({
  draft,
  saved,
  onChange,
}: {
  draft: Draft;
  saved: boolean;
  onChange: (change: Partial<Draft>) => void;
}) {
  const id = useId();
  const [handleTouched, setHandleTouched] = useState(saved);
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(e) =>
            onChange({
              title: e.target.value,
              ...(handleTouched ? {} : { handle: handleOf(e.target.value) }),
            })
          }
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-handle`}>Handle (its address: /products/handle)</label>
        <input
          id={`${id}-handle`}
          value={draft.handle}
          onChange={(e) => {
            setHandleTouched(true);
            onChange({ handle: e.target.value });
          }}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-description`}>Description (HTML: paragraphs, lists, links)</label>
        <textarea
          id={`${id}-description`}
          rows={6}
          value={draft.descriptionHtml}
          onChange={(e) => onChange({ descriptionHtml: e.target.value })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-meta`}>Description for search engines</label>
        <textarea
          id={`${id}-meta`}
          rows={2}
          value={draft.metaDescription}
          onChange={(e) => onChange({ metaDescription: e.target.value })}
        />
      </div>
    </>
  );
}
