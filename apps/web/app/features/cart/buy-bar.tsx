import type { Currency } from "@storefront/domain";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Price } from "~/features/catalog";
import { useBottomInset } from "~/lib/bottom-inset";

/** The scrolled top bar's height: what it covers of the page is out of view too. */
const COVERED_TOP_PX = 96;

/** True while `target` is out of the viewport: scrolled past, or not reached yet. */
function useOutOfView(target: RefObject<Element | null>): boolean {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => setOut(entries.every((entry) => !entry.isIntersecting)),
      { rootMargin: `-${COVERED_TOP_PX}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return out;
}

/**
 * A product page's buy bar on a phone: while the purchase box's Add to cart is out of view, a bar
 * at the bottom of the screen shows the product, its price and an add button that does what that
 * one does. It lives outside the page's main content (a landmark of its own); from the medium
 * breakpoint, where the purchase box is on the first screen, it is not drawn (CSS). While it is
 * shown, the chat button sits above it (`useBottomInset`).
 */
export function BuyBar({
  watch,
  title,
  price,
  children,
}: {
  /** The element whose leaving the viewport brings the bar: the purchase box's add row. */
  watch: RefObject<Element | null>;
  title: string;
  price: { amount: number; currency: Currency } | null;
  /** The bar's add button. */
  children: ReactNode;
}) {
  const out = useOutOfView(watch);
  if (!out) return null;
  return createPortal(
    <Bar title={title} price={price}>
      {children}
    </Bar>,
    document.body,
  );
}

function Bar({
  title,
  price,
  children,
}: {
  title: string;
  price: { amount: number; currency: Currency } | null;
  children: ReactNode;
}) {
  const bar = useRef<HTMLElement>(null);
  useBottomInset(bar);
  return (
    <section ref={bar} className="buy-bar" aria-label={`Buy ${title}`}>
      <p className="buy-bar-product">
        <span className="buy-bar-title">{title}</span>
        {price ? <Price amount={price.amount} currency={price.currency} /> : null}
      </p>
      {children}
    </section>
  );
}
