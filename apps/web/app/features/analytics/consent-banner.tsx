import "./analytics.css";
import { Link } from "react-router";

/**
 * Asks, for a store that requires it, before the visit is recorded; nothing is recorded until
 * the visitor accepts. Fixed to the bottom of the screen, so the page does not move.
 */
export default function ConsentBanner({
  brandName,
  onDecide,
}: {
  brandName: string;
  onDecide(consent: "granted" | "denied"): void;
}) {
  return (
    <section className="consent-banner" aria-label="Privacy choice">
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
