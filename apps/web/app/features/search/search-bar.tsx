import { formatMoney, SEARCH_LIMITS, type SearchResults } from "@storefront/domain";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import * as api from "~/lib/api";
import { whenRecording } from "./record-search";

/** How long typing pauses before the instant results are asked for. */
const DEBOUNCE_MS = 200;
/** How long typing pauses before the query counts as a search of the visit (spec section 4). */
const SETTLED_MS = 1500;

interface Option {
  id: string;
  url: string;
  /** The product's handle (a product result), for the visit's record of what was opened. */
  handle: string | null;
}

/** Whether a key press is typing into something (then `/` is a character, not the shortcut). */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/**
 * The top bar's search (the spec's displaySearchBar): a disclosure that opens a search field.
 * Typing shows instant results (products with image, title and price; pages), arrow keys move
 * through them, Enter opens one, Enter on the query opens the results page; `/` opens and
 * focuses it, Escape closes it and gives the focus back. Without JavaScript it is a plain form
 * to the results page.
 */
export default function SearchBar() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SearchResults | null>(null);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  // Marks the search hydrated (its code loads apart from the page's), for tests and styles.
  const [ready, setReady] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-results`;
  const navigate = useNavigate();
  const location = useLocation();

  const close = (focusToggle: boolean) => {
    setOpen(false);
    setActive(-1);
    if (focusToggle) details.current?.querySelector("summary")?.focus();
    // Going to a result: the field is about to be hidden; let go of it now, so the next page's
    // keys (the / shortcut) are not taken for typing in it.
    else input.current?.blur();
  };

  // A new page closes the search. As the page is committed, not after: a passive effect could
  // run after the next key and close a search that key (/) had just opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useLayoutEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  // Opened, or typed into, before its code had loaded (the server's HTML works on its own): the
  // state takes over from there. After the navigation effect, so it is not closed again.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
    if (input.current?.value) setQuery(input.current.value);
    setReady(true);
  }, []);

  // Closes when the focus or a press goes outside it (a Tab past its last control, a click on
  // the page), as a list over the page should.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = (event as FocusEvent).relatedTarget ?? event.target;
      if (target instanceof Node && details.current?.contains(target)) return;
      if (event.type === "focusout" && !(event as FocusEvent).relatedTarget) return;
      setOpen(false);
    };
    const root = details.current;
    root?.addEventListener("focusout", outside);
    document.addEventListener("pointerdown", outside);
    return () => {
      root?.removeEventListener("focusout", outside);
      document.removeEventListener("pointerdown", outside);
    };
  }, [open]);

  // The active result stays in view in a list taller than the panel.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(options[active]?.id ?? "")?.scrollIntoView?.({ block: "nearest" });
  });

  // "/" anywhere but in a field opens the search and puts the cursor in it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      // Not in a field, and not behind a dialog that holds the page.
      if (typingIn(event.target) || document.querySelector("dialog:modal")) return;
      event.preventDefault();
      // Opened and focused at once, not a frame later: what is typed right after the "/" (a
      // fast typist, a test) must land in the field.
      if (details.current) details.current.open = true;
      input.current?.focus();
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // Instant results, once typing pauses; an older answer never replaces a newer one.
  const term = query.trim();
  useEffect(() => {
    setActive(-1);
    if (term.length < 2) {
      setResults(null);
      setFailed(false);
      return;
    }
    let current = true;
    const ask = window.setTimeout(() => {
      api.search
        .search({ query: { q: term, limit: SEARCH_LIMITS.instant } })
        .then((answer) => {
          if (!current) return;
          setResults(answer);
          setFailed(false);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, DEBOUNCE_MS);
    // A search left (closed) before typing settled is not one.
    const settle = window.setTimeout(() => {
      if (details.current?.open) whenRecording((tracker) => tracker.search(term));
    }, SETTLED_MS);
    return () => {
      current = false;
      window.clearTimeout(ask);
      window.clearTimeout(settle);
    };
  }, [term]);

  // Only the answer to what is typed now: an older list would open the wrong result on Enter.
  const shown = open && term.length >= 2 && results !== null && results.query === term;
  const options: Option[] = shown
    ? [
        ...results.products.map((p) => ({
          id: `${id}-p-${p.handle}`,
          url: `/products/${p.handle}`,
          handle: p.handle,
        })),
        ...results.pages.map((p, i) => ({ id: `${id}-g-${i}`, url: p.url, handle: null })),
      ]
    : [];

  const openOption = (option: Option) => {
    whenRecording((tracker) => {
      tracker.search(term);
      if (option.handle) tracker.searchResult(option.handle, "clicked");
    });
    close(false);
    navigate(option.url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Past the last result (or above the first) the focus is back on the query.
      setActive((i) => {
        const next = i + step;
        if (next < -1) return options.length - 1;
        return next >= options.length ? -1 : next;
      });
    } else if (event.key === "Enter" && active >= 0 && options[active]) {
      event.preventDefault();
      openOption(options[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (active >= 0) setActive(-1);
      else close(true);
    }
  };

  const optionProps = (index: number) => {
    const option = options[index] as Option;
    return {
      id: option.id,
      role: "option" as const,
      "aria-selected": index === active,
      className: "search-option",
      // The input keeps the focus: a press opens the result, like Enter.
      onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
      onClick: () => openOption(option),
    };
  };

  const count = shown ? results.products.length + results.pages.length : 0;
  const total = shown ? results.productTotal + results.pageTotal : 0;
  return (
    <details
      ref={details}
      className="site-search"
      data-lazy=""
      data-ready={ready ? "" : undefined}
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) requestAnimationFrame(() => input.current?.focus());
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && event.target !== input.current) close(true);
      }}
    >
      <summary className="search-toggle" aria-keyshortcuts="/">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </summary>
      <search aria-label="Store">
        <form
          action="/search"
          method="get"
          className="search-panel"
          onSubmit={(event) => {
            event.preventDefault();
            if (term === "") return input.current?.focus();
            whenRecording((tracker) => tracker.search(term));
            close(false);
            navigate(`/search?${new URLSearchParams({ q: term })}`);
          }}
        >
          <label htmlFor={`${id}-q`} className="visually-hidden">
            Search the store
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            name="q"
            type="search"
            placeholder="Search products and pages…"
            autoComplete="off"
            maxLength={SEARCH_LIMITS.query}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown && count > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? options[active]?.id : undefined}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="button search-submit">
            Search
          </button>
          <p className="visually-hidden" role="status">
            {failed
              ? "Results could not be loaded."
              : shown
                ? count === 0
                  ? `No results for ${term}.`
                  : `${total} ${total === 1 ? "result" : "results"}. Use the up and down arrows to choose one of the first ${count}.`
                : ""}
          </p>
          <div className="search-results" hidden={!shown}>
            <div id={listId} role="listbox" aria-label="Results">
              {shown && results.products.length > 0 ? (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role=group (a fieldset is not allowed in it).
                <div role="group" aria-label="Products">
                  {results.products.map((p, i) => (
                    <div key={p.handle} {...optionProps(i)}>
                      {p.image_url ? (
                        <img
                          src={`${p.image_url}?w=96`}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                        />
                      ) : (
                        <span className="search-option-image" />
                      )}
                      <span className="search-option-title">{p.product_title}</span>
                      <span className="search-option-price">
                        {formatMoney(p.product_price, p.currency)}
                      </span>
                    </div>
                  ))}
                </div>
              ) : null}
              {shown && results.pages.length > 0 ? (
                // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role=group (a fieldset is not allowed in it).
                <div role="group" aria-label="Pages">
                  {results.pages.map((p, i) => (
                    <div key={p.url} {...optionProps(results.products.length + i)}>
                      <span className="search-option-title">{p.title}</span>
                    </div>
                  ))}
                </div>
              ) : null}
            </div>
            {shown && count === 0 ? <p className="search-none">No results for “{term}”.</p> : null}
            {shown && count > 0 ? (
              <button type="submit" className="search-all" tabIndex={-1}>
                See all results for “{term}”
              </button>
            ) : null}
          </div>
        </form>
      </search>
    </details>
  );
}
