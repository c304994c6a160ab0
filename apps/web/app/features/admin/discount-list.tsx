import { type AdminDiscountList, DISCOUNT_STATE_LABELS, DISCOUNT_STATES } from "@storefront/domain";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DiscountForm, STATE_COLOUR, termsText } from "./discount-form";
import { formatDateTime } from "./format";
import {
  countOf,
  ListFilters,
  ListScreen,
  ListTable,
  pageCount,
  SearchField,
  SelectFilter,
} from "./list-screen";

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
  return (
    <ListScreen
      title="Discount codes"
      actions={
        <button
          type="button"
          className="admin-button admin-button-primary"
          aria-expanded={creating}
          aria-controls={`${id}-new`}
          onClick={() => setCreating(!creating)}
        >
          New code
        </button>
      }
      top={
        <>
          {creating ? (
            <section id={`${id}-new`} className="admin-card" aria-labelledby={`${id}-new-title`}>
              <h2 id={`${id}-new-title`}>New code</h2>
              <DiscountForm onSaved={(saved) => navigate(`/admin/discounts/${saved.id}`)} />
            </section>
          ) : null}
          <ListFilters
            label="Find discount codes"
            role="search"
            params={params}
            clearTo="/admin/discounts"
          >
            <SearchField id="discounts-q" params={params} placeholder="Code" maxLength={64} />
            <SelectFilter
              id="discounts-state"
              name="state"
              label="State"
              params={params}
              all="All"
              values={DISCOUNT_STATES}
              labels={DISCOUNT_STATE_LABELS}
            />
          </ListFilters>
        </>
      }
      count={list.total === 0 ? "No codes match." : countOf(list.total, "code", "codes")}
      pager={{ page: list.page, pages: pageCount(list.total, list.perPage), params }}
    >
      {list.discounts.length > 0 ? (
        <ListTable
          caption="Discount codes"
          head={
            <>
              <th scope="col">Code</th>
              <th scope="col">Takes off</th>
              <th scope="col">State</th>
              <th scope="col" className="admin-num">
                Used
              </th>
              <th scope="col">Expires</th>
            </>
          }
        >
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
        </ListTable>
      ) : null}
    </ListScreen>
  );
}
