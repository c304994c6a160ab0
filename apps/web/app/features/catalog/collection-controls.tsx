import { COLLECTION_SORTS, type CollectionFilter, type CollectionSort } from "@storefront/domain";
import { type FormEvent, useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** The query a collection's form makes: only what was chosen, so a shared link stays short. */
export function collectionSearch(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value === "") continue;
    if (name === "sort" && value === "featured") continue;
    params.append(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

const APPLY_DELAY_MS = 300;

/**
 * The collection's sort and filters: a GET form, so without JavaScript "Apply" loads the same
 * shareable URL a change loads with it. Each select shows how many products a value would list.
 */
export function CollectionControls({
  filters,
  sort,
}: {
  filters: readonly CollectionFilter[];
  sort: CollectionSort;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  // The selects are not remounted (a keyboard user keeps focus): Back and Forward set them here.
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    for (const filter of filters) {
      const select = elements.namedItem(filter.facet);
      if (select instanceof HTMLSelectElement) select.value = filter.selected ?? "";
    }
    const order = elements.namedItem("sort");
    if (order instanceof HTMLSelectElement) order.value = sort;
  }, [filters, sort]);

  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const apply = (form: HTMLFormElement) => {
    clearTimeout(pending.current);
    navigate({ search: collectionSearch(form) }, { preventScrollReset: true });
  };
  // A select stepped through with the arrow keys changes at each step: the list is loaded once
  // the steps pause, not at every one.
  const applySoon = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => apply(form), APPLY_DELAY_MS);
  };
  return (
    <form
      ref={form}
      method="get"
      className="collection-controls"
      aria-label="Sort and filter"
      onChange={applySoon}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {filters.map((filter) => (
        <label key={filter.facet} className="collection-control">
          <span>{filter.label}</span>
          <select name={filter.facet} defaultValue={filter.selected ?? ""}>
            <option value="">{filter.any}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {`${option.label} (${option.count})`}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="collection-control">
        <span>Sort by</span>
        <select name="sort" defaultValue={sort}>
          {Object.entries(COLLECTION_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="button button-secondary">
          Apply
        </button>
      </noscript>
    </form>
  );
}
