import { type AdminPage, TEXT_ALIGNS } from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import * as api from "~/lib/api";
import { FormOutcome } from "~/lib/use-save";
import { formatDateTime } from "./format";
import { type Draft, documentOf, draftOf, moved, SETTINGS, storePathOf } from "./page-draft";
import { Field, Group, ListControls } from "./page-fields";
import { PagePreview } from "./page-preview";
import { PageSections } from "./page-sections";

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const document = documentOf(draft);
  const documentText = JSON.stringify(document);

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
      const saved = await api.adminContent.savePage(
        { document, expectedUpdatedAt: base.isNew ? null : base.updatedAt },
        { params: { "*": page.name } },
      );
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
          <PageSections draft={draft} update={update} />
          <div className="admin-filter-actions">
            <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
              {busy ? "Saving…" : base.isNew ? "Create page" : "Save page"}
            </button>
          </div>
          <FormOutcome error={error} done={done} />
        </form>
        <PagePreview name={page.name} documentText={documentText} />
      </div>
    </article>
  );
}
