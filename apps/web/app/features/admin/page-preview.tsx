import type { PageDocument } from "@storefront/domain";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "~/components/error-alert";
import { StaticPageView } from "~/features/content";
import * as api from "~/lib/api";

/**
 * The draft as shoppers would be shown it, sanitised by the server as a save is; it follows the
 * draft (`documentText`, the document as JSON) a moment after the typing stops.
 */
export function PagePreview({ name, documentText }: { name: string; documentText: string }) {
  const id = useId();
  const [preview, setPreview] = useState<PageDocument | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const latest = useRef(0);

  // The preview follows the draft, a moment after the typing stops.
  useEffect(() => {
    latest.current += 1;
    const ask = latest.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await api.adminContent.preview({
          document: JSON.parse(documentText) as PageDocument,
        });
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

  return (
    <section className="admin-preview" aria-labelledby={`${id}-preview`}>
      <h2 id={`${id}-preview`}>Preview</h2>
      <ErrorAlert className="admin-error" message={previewError} />
      <div className="admin-preview-frame">
        {preview ? (
          <StaticPageView state={{ status: "ready", name, page: preview }} />
        ) : (
          <p>Loading the preview…</p>
        )}
      </div>
    </section>
  );
}
