import { useId } from "react";
import type { Draft } from "./product-draft";

/** A collection the product may be in. */
export interface CollectionChoice {
  id: string;
  title: string;
}

/** Where shoppers find the product: its pet and condition tags, and the collections it is in. */
export function ProductTagFields({
  draft,
  collections,
  onChange,
}: {
  draft: Draft;
  collections: CollectionChoice[];
  onChange: (change: Partial<Draft>) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="admin-field-row">
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-pets`}>Pets, by commas</label>
          <input
            id={`${id}-pets`}
            value={draft.pets}
            placeholder="Dogs, Cats"
            onChange={(e) => onChange({ pets: e.target.value })}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-conditions`}>Conditions, by commas</label>
          <input
            id={`${id}-conditions`}
            value={draft.conditions}
            placeholder="Anxiety, Joint pain"
            onChange={(e) => onChange({ conditions: e.target.value })}
          />
        </div>
      </div>
      {collections.length > 0 ? (
        <fieldset className="admin-fieldset">
          <legend>Collections</legend>
          {collections.map((c) => (
            <label key={c.id} className="admin-check">
              <input
                type="checkbox"
                checked={draft.collectionIds.includes(c.id)}
                onChange={(e) =>
                  onChange({
                    collectionIds: e.target.checked
                      ? [...draft.collectionIds, c.id]
                      : draft.collectionIds.filter((x) => x !== c.id),
                  })
                }
              />{" "}
              {c.title}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
