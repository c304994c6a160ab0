import { type AdminDiscountList, DISCOUNT_STATE_LABELS, DISCOUNT_STATES } from "@storefront/domain";
import { useId, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { DiscountForm, STATE_COLOUR, termsText } from "./discount-form";
import { formatDateTime } from "./format";
import { Pager } from "./pager";

/** The store's discount codes: a search and state filter, the table, and a form for a new code. */
export function DiscountList({
  list,
  params,
}: {
  list: AdminDiscountList;
  params: URLSearchParams;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const pages = Math.max(1, Math.ceil(list.total / list.perPage));
  return (
    <>
      <div className="admin-heading">
        <h1>Discount codes</h1>
        <button
          type="button"
          className="admin-button admin-button-primary"
          aria-expanded={creating}
          aria-controls={`${id}-new`}
          onClick={() => setCreating(!creating)}
        >
          New code
        </button>
      </div>
      {creating ? (
        <section id={`${id}-new`} className="admin-card" aria-labelledby={`${id}-new-title`}>
          <h2 id={`${id}-new-title`}>New code</h2>
          <DiscountForm onSaved={(saved) => navigate(`/admin/discounts/${saved.id}`)} />
        </section>
      ) : null}
      <Form
        key={params.toString()}
        method="get"
        className="admin-filters"
        role="search"
        aria-label="Find discount codes"
      >
        <div className="admin-field admin-field-wide">
          <label htmlFor="discounts-q">Search</label>
          <input
            id="discounts-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder="Code"
            maxLength={64}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="discounts-state">State</label>
          <select id="discounts-state" name="state" defaultValue={params.get("state") ?? ""}>
            <option value="">All</option>
            {DISCOUNT_STATES.map((state) => (
              <option key={state} value={state}>
                {DISCOUNT_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary">
            Apply
          </button>
          <Link to="/admin/discounts">Clear</Link>
        </div>
      </Form>
      <p className="admin-count" role="status">
        {list.total === 0
          ? "No codes match."
          : `${list.total} ${list.total === 1 ? "code" : "codes"}`}
      </p>
      {list.discounts.length > 0 ? (
        <table className="admin-table admin-rows">
          <caption className="visually-hidden">Discount codes</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Takes off</th>
              <th scope="col">State</th>
              <th scope="col" className="admin-num">
                Used
              </th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {list.discounts.map((d) => (
              <tr key={d.id}>
                <th scope="row" data-label="Code">
                  <Link to={`/admin/discounts/${d.id}`} className="admin-code">
                    {d.code}
                  </Link>
                  {d.personalOf ? (
                    <span className="admin-customer-email">Personal: {d.personalOf}</span>
                  ) : null}
                </th>
                <td data-label="Takes off">
                  {termsText(d)}
                  {d.oncePerCustomer ? ", once per customer" : ""}
                  {d.public ? ", public" : ""}
                </td>
                <td data-label="State">
                  <span className="admin-status" data-status={STATE_COLOUR[d.state]}>
                    {DISCOUNT_STATE_LABELS[d.state]}
                  </span>
                </td>
                <td data-label="Used" className="admin-num">
                  {d.redemptions} of {d.maxRedemptions.toLocaleString("en-US")}
                </td>
                <td data-label="Expires">
                  {d.expiresAt ? (
                    <time dateTime={d.expiresAt}>{formatDateTime(d.expiresAt)}</time>
                  ) : (
                    "Never"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager page={list.page} pages={pages} params={params} />
    </>
  );
}
