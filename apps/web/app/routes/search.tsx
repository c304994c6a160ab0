import { useEffect, useRef } from "react";
import { data, Form, Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { ProductGrid } from "~/features/catalog";
import { useQuickView } from "~/features/quick-view";
import { SEARCH_LIMITS, whenRecording } from "~/features/search";
import * as api from "~/lib/api";
import { answerOrRefusal, inProcess } from "~/lib/api.server";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/search";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const store = rootDataOf(matches)?.store;
  const q = loaderData?.q ?? "";
  return [
    {
      title: `${q ? `Search results for “${q}”` : "Search"}${store ? ` | ${store.brandName}` : ""}`,
    },
    // A results page is not a page of its own for search engines.
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (q === "") return { q, results: null, invalid: null };
  const query = { q, limit: SEARCH_LIMITS.results };
  const found = await answerOrRefusal(api.search.search({ query, via: inProcess(context) }));
  // A query the API refuses (too long): the page says why, with the form to try again.
  if ("refused" in found) {
    return data({ q, results: null, invalid: found.refused.replace(/^q: /, "") }, 400);
  }
  return { q, results: found.answer, invalid: null };
}

/** "3 results", "1 result"; "1,000+ results" past what a search counts. */
function results(count: number): string {
  if (count >= SEARCH_LIMITS.ranked)
    return `${SEARCH_LIMITS.ranked.toLocaleString("en-US")}+ results`;
  return `${count} ${count === 1 ? "result" : "results"}`;
}

/**
 * The results page (/search?q=): the store's products (with Quick shop) and pages for the query,
 * best first; when nothing matches, the store's conditions and its most popular products. The
 * visit records the search, the products scrolled past and the one opened (spec section 3).
 */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, results: found, invalid } = loaderData;
  const openQuickView = useQuickView((s) => s.open);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (found) whenRecording((tracker) => tracker.search(found.query));
  }, [found]);

  // A product card seen on screen is a result scrolled past; one opened is a result clicked.
  useEffect(() => {
    const root = list.current;
    if (!found || !root || found.products.length === 0) return;
    const handleOf = (el: Element | null) =>
      el?.querySelector("a[href^='/products/']")?.getAttribute("href")?.slice(10) ?? null;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const handle = entry.isIntersecting ? handleOf(entry.target) : null;
          if (handle) {
            whenRecording((tracker) => tracker.searchResult(handle, "scrolled"));
            seen.unobserve(entry.target);
          }
        }
      },
      { threshold: 0.5 },
    );
    for (const item of root.querySelectorAll(".product-grid > li")) seen.observe(item);
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.("a[href^='/products/']");
      const handle = link?.getAttribute("href")?.slice(10);
      if (handle) whenRecording((tracker) => tracker.searchResult(handle, "clicked"));
    };
    root.addEventListener("click", onClick);
    return () => {
      seen.disconnect();
      root.removeEventListener("click", onClick);
    };
  }, [found]);

  const total = found ? found.productTotal + found.pageTotal : 0;
  return (
    <div className="container search-page">
      <h1 className="page-title">{q && found ? `Results for “${q}”` : "Search"}</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Search again"
        className="search-page-form"
      >
        <label htmlFor="search-page-q" className="visually-hidden">
          Search the store
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={SEARCH_LIMITS.query}
          placeholder="Search products and pages…"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? "search-page-error" : undefined}
        />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <ErrorAlert id="search-page-error" className="inline-error" message={invalid} />
      {found ? (
        <div ref={list}>
          <p className="collection-count" role="status">
            {total === 0
              ? `No results for “${q}”`
              : found.productTotal > found.products.length
                ? `${results(total)}: showing the best ${found.products.length} of ${found.productTotal} products`
                : results(total)}
          </p>
          {found.products.length > 0 ? (
            <section aria-labelledby="search-products">
              <h2 id="search-products" className="search-heading">
                Products
              </h2>
              <ProductGrid products={found.products} eagerCount={2} onQuickShop={openQuickView} />
            </section>
          ) : null}
          {found.pages.length > 0 ? (
            <section aria-labelledby="search-pages">
              <h2 id="search-pages" className="search-heading">
                Pages
              </h2>
              <ul className="search-page-list">
                {found.pages.map((page) => (
                  <li key={page.url}>
                    <Link to={page.url}>{page.title}</Link>
                    {page.summary ? <p>{page.summary}</p> : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {found.suggestions ? (
            <>
              <p>Check the spelling or try fewer words, or start from one of these.</p>
              {found.suggestions.conditions.length > 0 ? (
                <section aria-labelledby="search-conditions">
                  <h2 id="search-conditions" className="search-heading">
                    Shop by condition
                  </h2>
                  <ul className="search-conditions">
                    {found.suggestions.conditions.map((c) => (
                      <li key={c.url}>
                        <Link to={c.url}>{c.label}</Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {found.suggestions.popular.length > 0 ? (
                <section aria-labelledby="search-popular">
                  <h2 id="search-popular" className="search-heading">
                    Most popular
                  </h2>
                  <ProductGrid products={found.suggestions.popular} onQuickShop={openQuickView} />
                </section>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
