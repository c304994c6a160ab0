import { type RefObject, useEffect } from "react";

/**
 * What the bars fixed to the bottom of the screen (a product page's buy bar, the consent banner)
 * take of it, published as `--bottom-inset` on the root: the chat button and panel sit above it
 * and the page's end scrolls clear of it (styles/buy-bar-and-chat.css). Each bar counts while it is mounted; the
 * tallest one counts, since they share the same bottom edge.
 */
const heights = new Map<symbol, number>();

function publish() {
  const tallest = Math.max(0, ...heights.values());
  const root = document.documentElement;
  if (tallest > 0) root.style.setProperty("--bottom-inset", `${Math.ceil(tallest)}px`);
  else root.style.removeProperty("--bottom-inset");
}

/** Counts `bar`'s height in the bottom inset while it is mounted. */
export function useBottomInset(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const key = Symbol("bottom bar");
    const measure = () => {
      heights.set(key, element.getBoundingClientRect().height);
      publish();
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      heights.delete(key);
      publish();
    };
  }, [bar]);
}
