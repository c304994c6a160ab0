import { Link } from "react-router";
import { withParams } from "./format";

/** Previous and next links of a paged list, keeping the URL's other parameters; none for one page. */
export function Pager({
  page,
  pages,
  params,
}: {
  page: number;
  pages: number;
  params: URLSearchParams;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={withParams(params, { page: page - 1 })}>Previous page</Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={withParams(params, { page: page + 1 })}>Next page</Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
