import { type AdminPageList, PageNameSchema } from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { formatDateTime } from "./format";
import { ListScreen, ListTable } from "./list-screen";
import { storePathOf } from "./page-draft";

/** The store's pages, each to edit, and a way to start a new one by its name. */
export function PageList({ list }: { list: AdminPageList }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  function start(event: FormEvent) {
    event.preventDefault();
    const wanted = name.trim().toLowerCase();
    const parsed = PageNameSchema.safeParse(wanted);
    if (!parsed.success || wanted === "") {
      setError(
        parsed.success ? "Enter the new page's name" : (parsed.error.issues[0]?.message ?? ""),
      );
      return;
    }
    if (list.pages.some((p) => p.name === wanted)) {
      setError(`A page named ${wanted} exists: edit it from the list`);
      return;
    }
    navigate(`/admin/pages/${wanted}?new=1`);
  }

  return (
    <ListScreen
      title="Pages"
      actions={
        <Link className="admin-button" to="/admin/storefront">
          Callout, chat and mail
        </Link>
      }
      top={
        <form className="admin-filters" onSubmit={start} noValidate aria-label="New page">
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-name`}>New page's name (its address: /pages/name)</label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="care-guide"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="admin-filter-actions">
            <button type="submit" className="admin-button admin-button-primary">
              New page
            </button>
          </div>
          <ErrorAlert id={`${id}-error`} className="admin-error" message={error} />
        </form>
      }
    >
      <ListTable
        caption="Pages"
        head={
          <>
            <th scope="col">Page</th>
            <th scope="col">Title</th>
            <th scope="col">Last saved</th>
          </>
        }
      >
        {list.pages.map((page) => (
          <tr key={page.name}>
            <th scope="row" data-label="Page">
              <Link to={`/admin/pages/${page.name}`} className="admin-code">
                {page.name}
              </Link>
            </th>
            <td data-label="Title">
              {page.title ?? "—"}{" "}
              <a href={storePathOf(page.name)} className="admin-customer-email">
                View<span className="visually-hidden"> {page.name} on the store</span>
              </a>
            </td>
            <td data-label="Last saved">
              <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
            </td>
          </tr>
        ))}
      </ListTable>
    </ListScreen>
  );
}
