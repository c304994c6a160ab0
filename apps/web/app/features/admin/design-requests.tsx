import type { StoredDesignRequest } from "@storefront/domain";
import { formatDateTime } from "./format";
import { countOf, ListScreen } from "./list-screen";

type Layout = StoredDesignRequest["layoutData"];

/** What the garden form asked, in its order, as the admin reads it. */
const FIELDS: [keyof Layout, string][] = [
  ["email", "Email"],
  ["zipCode", "ZIP code"],
  ["where", "Where"],
  ["dimensions", "Size"],
  ["sunlight_hours", "Sunlight"],
  ["maintenance_level", "Upkeep"],
  ["garden_style", "Styles"],
  ["layout_shape", "Layout shape"],
  ["symmetry_preference", "Symmetry"],
  ["color_preferences", "Colours"],
  ["plant_preferences", "Plants"],
];

function fieldText(layout: Layout, field: keyof Layout): string {
  const value = layout[field];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The store's garden design requests, newest first: who, when, and everything they asked for. */
export function DesignRequests({
  requests,
  page,
  hasNext,
  params,
}: {
  requests: StoredDesignRequest[];
  page: number;
  hasNext: boolean;
  params: URLSearchParams;
}) {
  return (
    <ListScreen
      title="Garden design requests"
      count={
        requests.length === 0
          ? page === 1
            ? "No design requests yet."
            : "No more design requests."
          : `${countOf(requests.length, "request", "requests")} on this page, newest first`
      }
      stack
      pager={{ page, pages: null, hasNext, params }}
    >
      {requests.map((request) => {
        const layout = request.layoutData;
        return (
          <article
            key={request.id}
            className="admin-card"
            aria-label={`Request from ${layout.name}`}
          >
            <header className="admin-review-head">
              <h2>{layout.name}</h2>
              <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
            </header>
            <dl className="admin-facts admin-facts-wide">
              {FIELDS.map(([field, label]) => {
                const value = fieldText(layout, field);
                return value ? (
                  <div key={field}>
                    <dt>{label}</dt>
                    <dd>{field === "email" ? <a href={`mailto:${value}`}>{value}</a> : value}</dd>
                  </div>
                ) : null;
              })}
            </dl>
          </article>
        );
      })}
    </ListScreen>
  );
}
