import "./analytics.css";
import { useRef } from "react";
import { Link } from "react-router";
import { useBottomInset } from "~/lib/bottom-inset";

/**
 * Asks, for a store that requires it, before the visit is recorded; nothing is recorded until
 * the visitor accepts. Fixed to the bottom of the screen, so the page does not move; the chat
 * button sits above it (`useBottomInset`).
 */
export default function ConsentBanner({
  brandName,
  onDecide,
}: {
  brandName: string;
  onDecide(consent: "granted" | "denied"): void;
}) {
  const banner = useRef<HTMLElement>(null);
  useBottomInset(banner);
  return (
    <section ref={banner} className="consent-banner" aria-label="Privacy choice">
      <p>
        May {brandName} record the pages you visit, your searches and what you add to your cart, to
        improve the store? Nothing is recorded unless you agree.{" "}
        <Link to="/policies/privacy-policy">Privacy policy</Link>
      </p>
      <div className="consent-actions">
        <button type="button" className="button" onClick={() => onDecide("granted")}>
          Accept
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onDecide("denied")}
        >
          Decline
        </button>
      </div>
    </section>
  );
}
