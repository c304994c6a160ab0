import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * What a full page load gives a keyboard or screen-reader user, after a navigation in the page:
 * the new page is announced by its title (a polite live region), and the Tab order starts again
 * at the page's start (the focus is put there, without scrolling: the scroll follows the usual
 * rules). A change of the query alone (a filter, a sort, a search page's next page) is not a new
 * page: the focus stays where the shopper is.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const start = useRef<HTMLDivElement>(null);
  const [title, setTitle] = useState("");
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // Where the focus was as the new page came: the link followed, or the page's body.
    const before = document.activeElement;
    // The new page's title is in the document once its render is committed.
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector("main h1")?.textContent?.trim();
      setTitle(document.title || heading || "");
      // A page that put the focus somewhere itself (a form's first field) keeps it there.
      const now = document.activeElement;
      if (now === null || now === document.body || now === before || !now.isConnected) {
        start.current?.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <>
      <div ref={start} tabIndex={-1} className="page-start" />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {title}
      </div>
    </>
  );
}
