import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { Pager } from "./pager";

/** "1 order", "3 orders": a count and its noun. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** How many pages a list of `total` rows has at `perPage` a page: one at least. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The frame of an admin list screen, in this order: the heading (and a button or link beside
 * it), what stands above the count (filters, a form that opens, a section of its own), the error,
 * the count, the rows (in a stack of cards, or as given: a table) and the pages. A part left out
 * is not drawn.
 */
export function ListScreen({
  title,
  actions,
  top,
  error,
  count,
  stack = false,
  pager,
  children,
}: {
  title: string;
  actions?: ReactNode;
  top?: ReactNode;
  error?: string | null;
  /** The status line: how many rows there are, or that there are none. */
  count?: string;
  /** The rows are cards, one above the other. */
  stack?: boolean;
  /** The pages; `pages` null when the list only knows whether another page follows. */
  pager?: { page: number; pages: number | null; hasNext?: boolean; params: URLSearchParams };
  children?: ReactNode;
}) {
  return (
    <>
      <div className="admin-heading">
        <h1>{title}</h1>
        {actions}
      </div>
      {top}
      <ErrorAlert className="admin-error" message={error} />
      {count === undefined ? null : (
        <p className="admin-count" role="status">
          {count}
        </p>
      )}
      {stack ? <div className="admin-stack">{children}</div> : children}
      {pager ? <Pager {...pager} /> : null}
    </>
  );
}

/**
 * A list's filter form: a plain GET form, so it works without JavaScript, with its submit button
 * and, for a search, a link that clears it. Keyed by the query (`params`), a link to other filters
 * (Clear, a page) shows them in the fields.
 */
export function ListFilters({
  label,
  params,
  role,
  clearTo,
  submitLabel = "Apply",
  children,
}: {
  label: string;
  params?: URLSearchParams;
  role?: "search";
  clearTo?: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Form
      key={params?.toString()}
      method="get"
      className="admin-filters"
      role={role}
      aria-label={label}
    >
      {children}
      <div className="admin-filter-actions">
        <button type="submit" className="admin-button admin-button-primary">
          {submitLabel}
        </button>
        {clearTo ? <Link to={clearTo}>Clear</Link> : null}
      </div>
    </Form>
  );
}

/** The filters' search field, `q`, as the URL has it. */
export function SearchField({
  id,
  params,
  placeholder,
  maxLength,
}: {
  id: string;
  params: URLSearchParams;
  placeholder: string;
  maxLength?: number;
}) {
  return (
    <div className="admin-field admin-field-wide">
      <label htmlFor={id}>Search</label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </div>
  );
}

/** A filter that picks one of a list's values, or all of them (the empty value). */
export function SelectFilter<T extends string>({
  id,
  name,
  label,
  params,
  all,
  values,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  params: URLSearchParams;
  /** The option for no filter. */
  all: string;
  values: readonly T[];
  labels: Record<T, string>;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={params.get(name) ?? ""}>
        <option value="">{all}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list's table: the rows read as cards at narrow widths (`admin-rows`). */
export function ListTable({
  caption,
  head,
  children,
}: {
  /** For screen readers; none where the section's heading names the table. */
  caption?: ReactNode;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="admin-table admin-rows">
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
