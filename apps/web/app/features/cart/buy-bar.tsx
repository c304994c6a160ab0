import type { Currency } from "@storefront/domain";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Price } from "~/features/catalog";
import { useBottomInset } from "~/lib/bottom-inset";

/** True while `target` is out of the viewport: scrolled past, or not reached yet. */
function useOutOfView(target: RefObject<Element | null>): boolean {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // What the scrolled top bar covers of the page is out of view too (styles/theme-and-header.css sets its height).
    const covered = getComputedStyle(document.documentElement)
      .getPropertyValue("--navbar-height-scrolled")
      .trim();
    const observer = new IntersectionObserver(
      (entries) => setOut(entries.every((entry) => !entry.isIntersecting)),
      { rootMargin: `-${covered || "0px"} 0px 0px 0px` },
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
  children,
  ...shown
}: BarProps & {
  /** The element whose leaving the viewport brings the bar: the purchase box's add row. */
  watch: RefObject<Element | null>;
}) {
  const out = useOutOfView(watch);
  if (!out) return null;
  return createPortal(<Bar {...shown}>{children}</Bar>, document.body);
}

interface BarProps {
  title: string;
  price: { amount: number; currency: Currency } | null;
  /** The quantity the purchase box will add: said when it is more than one. */
  quantity: number;
  /** The purchase box's last refusal, shown here too (its own alert announces it). */
  message: string | null;
  /** The bar's add button. */
  children: ReactNode;
}

function Bar({ title, price, quantity, message, children }: BarProps) {
  const bar = useRef<HTMLElement>(null);
  useBottomInset(bar);
  return (
    <section ref={bar} className="buy-bar" aria-label={`Buy ${title}`}>
      <p className="buy-bar-product">
        <span className="buy-bar-title">{title}</span>
        <span>
          {price ? <Price amount={price.amount} currency={price.currency} /> : null}
          {quantity > 1 ? <span className="buy-bar-quantity"> × {quantity}</span> : null}
        </span>
        {message ? (
          <span className="buy-bar-message" aria-hidden="true">
            {message}
          </span>
        ) : null}
      </p>
      {children}
    </section>
  );
}
