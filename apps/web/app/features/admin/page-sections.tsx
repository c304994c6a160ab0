import { PAGE_WIDGETS, type SectionItem } from "@storefront/domain";
import { useId, useState } from "react";
import { byEntryOrder, type Draft, type Entries, ITEM_FIELDS, moved } from "./page-draft";
import { Field, Group, ListControls } from "./page-fields";

/**
 * A page's sections in the form the page keeps them: a list of items (each text and image, or a
 * widget), or numbered entries (title-1, content-1, …); a page with none may start either.
 */
export function PageSections({
  draft,
  update,
}: {
  draft: Draft;
  update: (change: Partial<Draft>) => void;
}) {
  const id = useId();
  const [newEntryKey, setNewEntryKey] = useState("");

  const setItem = (index: number, change: Partial<SectionItem>) => {
    const items = [...(draft.items ?? [])];
    items[index] = { ...items[index], ...change };
    update({ items });
  };

  return (
    <Group title="Sections">
      {draft.items === null && draft.entries === null ? (
        <p className="admin-hint">
          This page has no sections.{" "}
          <button
            type="button"
            className="admin-button"
            onClick={() => update({ items: [{ title: "" }] })}
          >
            Add a list of sections
          </button>{" "}
          <button
            type="button"
            className="admin-button"
            onClick={() => update({ entries: [["title-1", ""]] })}
          >
            Add numbered entries
          </button>
        </p>
      ) : null}
      {draft.items?.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a section's place is its identity here
        <div key={i} className="admin-list-item admin-section-item">
          <p className="admin-hint">Section {i + 1}</p>
          <div className="admin-field">
            <label htmlFor={`${id}-widget-${i}`}>Shows</label>
            <select
              id={`${id}-widget-${i}`}
              value={item.widget ?? ""}
              onChange={(e) =>
                setItem(i, {
                  widget: (e.target.value || undefined) as SectionItem["widget"],
                })
              }
            >
              <option value="">Text and image</option>
              {PAGE_WIDGETS.map((w) => (
                <option key={w} value={w}>
                  The {w.replaceAll("-", " ")}
                </option>
              ))}
            </select>
          </div>
          {ITEM_FIELDS.filter(([name]) => !item.widget || name === "title").map(
            ([name, label, kind]) => (
              <Field
                key={name}
                label={label}
                area={kind === "html" && name === "content"}
                value={typeof item[name] === "string" ? (item[name] as string) : ""}
                onChange={(value) => setItem(i, { [name]: value })}
              />
            ),
          )}
          {item.widget ? null : (
            <label className="admin-check">
              <input
                type="checkbox"
                checked={item.imgLeft ?? false}
                onChange={(e) => setItem(i, { imgLeft: e.target.checked || undefined })}
              />{" "}
              Image on the left
            </label>
          )}
          <ListControls
            index={i}
            count={draft.items?.length ?? 0}
            what={`section ${i + 1}`}
            onChange={(by) => update({ items: moved(draft.items ?? [], i, by) })}
            onRemove={() => {
              const items = (draft.items ?? []).filter((_, j) => j !== i);
              update({ items: items.length > 0 ? items : null });
            }}
          />
        </div>
      ))}
      {draft.items ? (
        <button
          type="button"
          className="admin-button"
          onClick={() => update({ items: [...(draft.items ?? []), { title: "" }] })}
        >
          Add a section
        </button>
      ) : null}
      {draft.entries ? (
        <>
          <p className="admin-hint">
            Numbered entries: title-N, subheading-N, color-N, image-N, imageAlt-N, content-N,
            button-N, buttonLink-N or widget-N; each N is one section.
          </p>
          {draft.entries.map(([key, value], i) => (
            <div key={key} className="admin-list-item">
              <Field
                label={key}
                value={value}
                area={/^content-/.test(key)}
                onChange={(next) =>
                  update({
                    entries: (draft.entries ?? []).map((e, j) =>
                      j === i ? ([key, next] as [string, string]) : e,
                    ),
                  })
                }
              />
              <button
                type="button"
                className="admin-button"
                onClick={() => {
                  const entries: Entries = (draft.entries ?? []).filter((_, j) => j !== i);
                  update({ entries: entries.length > 0 ? entries : null });
                }}
              >
                Remove<span className="visually-hidden"> {key}</span>
              </button>
            </div>
          ))}
          <div className="admin-field-row">
            <div className="admin-field">
              <label htmlFor={`${id}-entry`}>New entry (like content-3)</label>
              <input
                id={`${id}-entry`}
                value={newEntryKey}
                onChange={(e) => setNewEntryKey(e.target.value)}
              />
            </div>
            <button
              type="button"
              className="admin-button"
              disabled={
                !/^[a-zA-Z]+-\d+$/.test(newEntryKey) ||
                (draft.entries ?? []).some(([key]) => key === newEntryKey)
              }
              onClick={() => {
                update({
                  entries: [...(draft.entries ?? []), [newEntryKey, ""] as [string, string]].sort(
                    byEntryOrder,
                  ),
                });
                setNewEntryKey("");
              }}
            >
              Add entry
            </button>
          </div>
        </>
      ) : null}
    </Group>
  );
}
