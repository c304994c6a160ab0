import {
  type AdminPage,
  PAGE_WIDGETS,
  type PageDocument,
  type SectionItem,
  TEXT_ALIGNS,
  textBlocks,
} from "@storefront/domain";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { StaticPageView } from "~/features/content";
import { apiRequest } from "~/lib/api-client";
import { FormOutcome } from "~/lib/use-save";
import { formatDateTime } from "./format";

/** The page-wide settings the form edits as single fields. */
const SETTINGS = [
  ["title", "Title (HTML allowed)"],
  ["metaDescription", "Description for search engines"],
  ["image", "Image (a path like /media/… or https://…)"],
  ["imageAlt", "Image description"],
  ["backgroundColor", "Background colour"],
  ["textColor", "Text colour"],
] as const;

const ITEM_FIELDS: [keyof SectionItem, string, "text" | "html"][] = [
  ["title", "Title", "html"],
  ["subheading", "Subheading", "text"],
  ["subheadingColor", "Subheading colour", "text"],
  ["image", "Image", "text"],
  ["imageAlt", "Image description", "text"],
  ["content", "Content (HTML)", "html"],
  ["button", "Button text", "text"],
  ["buttonLink", "Button link", "text"],
];

type Entries = [string, string][];

/** Where shoppers read a page: the home page at /, policies under /policies/, others under /pages/. */
export function storePathOf(name: string): string {
  if (name === "homepage") return "/";
  return name.startsWith("policies/") ? `/${name}` : `/pages/${name}`;
}

/** A text field or area of the form, labelled; an empty value is left out of the page. */
function Field({
  label,
  value,
  onChange,
  area = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  area?: boolean;
}) {
  const id = useId();
  return (
    <div className="admin-field admin-field-wide">
      <label htmlFor={id}>{label}</label>
      {area ? (
        <textarea
          id={id}
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck
        />
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** Moves an entry of a list one place up or down. */
function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

function ListControls({
  index,
  count,
  what,
  onChange,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onChange: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="admin-list-controls">
      <button
        type="button"
        className="admin-button"
        disabled={index === 0}
        onClick={() => onChange(-1)}
      >
        Up<span className="visually-hidden"> {what}</span>
      </button>
      <button
        type="button"
        className="admin-button"
        disabled={index === count - 1}
        onClick={() => onChange(1)}
      >
        Down<span className="visually-hidden"> {what}</span>
      </button>
      <button type="button" className="admin-button" onClick={onRemove}>
        Remove<span className="visually-hidden"> {what}</span>
      </button>
    </span>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** The fields of one numbered entry, in the order a section shows them. */
const ENTRY_FIELDS = [
  "title",
  "subheading",
  "color",
  "image",
  "imageAlt",
  "content",
  "button",
  "buttonLink",
  "widget",
];

/** Numbered entries by their number, then in the order a section shows its fields. */
function byEntryOrder([a]: [string, string], [b]: [string, string]): number {
  const parse = (key: string) => {
    const match = /^([a-zA-Z]+)-(\d+)$/.exec(key);
    const field = ENTRY_FIELDS.indexOf(match?.[1] ?? "");
    return [Number(match?.[2] ?? Number.MAX_SAFE_INTEGER), field < 0 ? ENTRY_FIELDS.length : field];
  };
  const [na = 0, fa = 0] = parse(a);
  const [nb = 0, fb = 0] = parse(b);
  return na - nb || fa - fb || a.localeCompare(b);
}

/** The draft split into what the form edits; keys it does not know are kept as they were. */
function draftOf(doc: PageDocument) {
  const blocks = textBlocks(doc).map((b) => b.html);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (/^text-\d+$/.test(key) || key === "sections") continue;
    if (SETTINGS.some(([name]) => name === key) || key === "textAlign") continue;
    rest[key] = value;
  }
  const settings = Object.fromEntries(
    SETTINGS.map(([name]) => [name, typeof doc[name] === "string" ? (doc[name] as string) : ""]),
  ) as Record<(typeof SETTINGS)[number][0], string>;
  return {
    settings,
    textAlign: doc.textAlign ?? "",
    blocks,
    items: Array.isArray(doc.sections) ? doc.sections : null,
    entries:
      doc.sections && !Array.isArray(doc.sections)
        ? Object.entries(doc.sections).sort(byEntryOrder)
        : null,
    rest,
  };
}

type Draft = ReturnType<typeof draftOf>;

/** The page document the draft makes: empty fields left out, text blocks numbered from 1. */
function documentOf(draft: Draft): PageDocument {
  const doc: Record<string, unknown> = { ...draft.rest };
  for (const [name, value] of Object.entries(draft.settings)) if (value.trim()) doc[name] = value;
  if (draft.textAlign) doc.textAlign = draft.textAlign;
  draft.blocks.forEach((html, i) => {
    if (html.trim()) doc[`text-${i + 1}`] = html;
  });
  if (draft.items) {
    doc.sections = draft.items.map((item) =>
      Object.fromEntries(Object.entries(item).filter(([, v]) => v !== "" && v !== undefined)),
    );
  } else if (draft.entries) {
    doc.sections = Object.fromEntries(draft.entries.filter(([key]) => key.trim()));
  }
  return doc as PageDocument;
}

/**
 * A page's editor: its settings, its numbered text blocks, its sections in either form (a list
 * of items, or numbered entries), and beside it a live preview of the draft as shoppers would be
 * shown it, sanitised by the server as a save is. Saving says so, or why not (someone else saved
 * it meanwhile, or something the server refused).
 */
export function PageEditor({ page, isNew }: { page: AdminPage; isNew: boolean }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState(() => draftOf(page.document));
  // The version the draft is based on: the page as read, then each save's own.
  const [base, setBase] = useState<{ updatedAt: string | null; isNew: boolean }>({
    updatedAt: page.updatedAt,
    isNew,
  });
  const [preview, setPreview] = useState<PageDocument | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const [newEntryKey, setNewEntryKey] = useState("");
  const document = documentOf(draft);
  const documentText = JSON.stringify(document);
  const latest = useRef(0);

  // The preview follows the draft, a moment after the typing stops.
  useEffect(() => {
    latest.current += 1;
    const ask = latest.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await apiRequest<{ document: PageDocument }>(
          "POST",
          "/api/admin/pages/preview",
          { document: JSON.parse(documentText) as PageDocument },
        );
        if (ask === latest.current) {
          setPreview(answer.document);
          setPreviewError(null);
        }
      } catch (err) {
        if (ask === latest.current)
          setPreviewError(err instanceof Error ? err.message : String(err));
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [documentText]);

  const update = (change: Partial<Draft>) => {
    setDone("");
    setDraft({ ...draft, ...change });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone("");
    try {
      const saved = await apiRequest<AdminPage>("PUT", `/api/admin/pages/${page.name}`, {
        document,
        expectedUpdatedAt: base.isNew ? null : base.updatedAt,
      });
      setBase({ updatedAt: saved.updatedAt, isNew: false });
      setDraft(draftOf(saved.document));
      setDone(`Saved at ${formatDateTime(saved.updatedAt ?? new Date().toISOString())}.`);
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const setItem = (index: number, change: Partial<SectionItem>) => {
    const items = [...(draft.items ?? [])];
    items[index] = { ...items[index], ...change };
    update({ items });
  };

  return (
    <article aria-labelledby={`${id}-title`}>
      <p className="admin-back">
        <Link to="/admin/pages">← All pages</Link>
      </p>
      <div className="admin-heading">
        <h1 id={`${id}-title`}>
          {base.isNew ? "New page" : "Edit page"}: <span className="admin-code">{page.name}</span>
        </h1>
        {base.isNew ? null : (
          <a className="admin-button" href={storePathOf(page.name)}>
            View on the store
          </a>
        )}
      </div>
      <div className="admin-editor">
        <form className="admin-discount-form" onSubmit={save} noValidate aria-label="Page">
          <Group title="Settings">
            {SETTINGS.map(([name, label]) => (
              <Field
                key={name}
                label={label}
                value={draft.settings[name]}
                onChange={(value) => update({ settings: { ...draft.settings, [name]: value } })}
              />
            ))}
            <div className="admin-field">
              <label htmlFor={`${id}-align`}>Text alignment</label>
              <select
                id={`${id}-align`}
                value={draft.textAlign}
                onChange={(e) => update({ textAlign: e.target.value as Draft["textAlign"] })}
              >
                <option value="">Centered (default)</option>
                {TEXT_ALIGNS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
          </Group>
          <Group title="Text blocks">
            {draft.blocks.map((html, i) => (
              // Numbered blocks: the position is the block's number.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={i} className="admin-list-item">
                <Field
                  label={`Text ${i + 1} (HTML)`}
                  value={html}
                  area
                  onChange={(value) =>
                    update({ blocks: draft.blocks.map((b, j) => (j === i ? value : b)) })
                  }
                />
                <ListControls
                  index={i}
                  count={draft.blocks.length}
                  what={`text ${i + 1}`}
                  onChange={(by) => update({ blocks: moved(draft.blocks, i, by) })}
                  onRemove={() => update({ blocks: draft.blocks.filter((_, j) => j !== i) })}
                />
              </div>
            ))}
            <button
              type="button"
              className="admin-button"
              onClick={() => update({ blocks: [...draft.blocks, ""] })}
            >
              Add a text block
            </button>
          </Group>
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
                        entries: [
                          ...(draft.entries ?? []),
                          [newEntryKey, ""] as [string, string],
                        ].sort(byEntryOrder),
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
          <div className="admin-filter-actions">
            <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
              {busy ? "Saving…" : base.isNew ? "Create page" : "Save page"}
            </button>
          </div>
          <FormOutcome error={error} done={done} />
        </form>
        <section className="admin-preview" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>Preview</h2>
          {previewError ? (
            <p className="admin-error" role="alert">
              {previewError}
            </p>
          ) : null}
          <div className="admin-preview-frame">
            {preview ? (
              <StaticPageView state={{ status: "ready", name: page.name, page: preview }} />
            ) : (
              <p>Loading the preview…</p>
            )}
          </div>
        </section>
      </div>
    </article>
  );
}
