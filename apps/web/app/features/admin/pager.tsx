import { Link } from "react-router";
import { withParams } from "./format";

/**
 * Previous and next links of a paged list, keeping the URL's other parameters; none for one page.
 * `pages` is how many there are, or null when the list only knows whether another page follows
 * (`hasNext`).
 */
export function Pager({
  page,
  pages,
  hasNext = false,
  params,
}: {
  page: number;
  pages: number | null;
  hasNext?: boolean;
  params: URLSearchParams;
}) {
  const next = pages === null ? hasNext : page < pages;
  if (page <= 1 && !next) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={withParams(params, { page: page - 1 })}>Previous page</Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>{pages === null ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      {next ? (
        <Link to={withParams(params, { page: page + 1 })}>Next page</Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
