// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./subscriptions.css";
import {
  attributeLabel,
  formatMoney,
  optionLabel,
  type SubscriptionView,
} from "@storefront/domain";
import { Link } from "react-router";
import { PlanLabel } from "~/components/plan-label";
import { formatLongDate } from "~/lib/format";

/** The account page's subscriptions, newest first; null when they could not be read. */
export function SubscriptionList({ subscriptions }: { subscriptions: SubscriptionView[] | null }) {
  return (
    <section aria-labelledby="subscriptions-title" className="account-card subscriptions">
      <h2 id="subscriptions-title">Subscriptions</h2>
      {subscriptions === null ? (
        <p className="inline-error" role="alert">
          Your subscriptions could not be loaded. Please try again later.
        </p>
      ) : subscriptions.length === 0 ? (
        <p className="subscriptions-empty">
          You have no subscriptions yet. Choose a &ldquo;Subscribe &amp; save&rdquo; option on a
          product page to have it delivered on a schedule, for less.
        </p>
      ) : (
        <ul className="subscription-list">
          {subscriptions.map((s) => (
            <li key={s.id} className="subscription-row">
              <Link className="subscription-title" to={`/products/${s.handle}`}>
                {s.title}
              </Link>
              <span className="subscription-variant">
                {[
                  ...Object.entries(s.attributes).map(
                    ([name, value]) => `${attributeLabel(name)}: ${optionLabel(name, value)}`,
                  ),
                  `Qty ${s.quantity}`,
                ].join(" · ")}
              </span>
              <PlanLabel plan={s.subscription} as="span" />
              <span className="subscription-price">
                {formatMoney(s.price * s.quantity, s.currency)} per delivery
                {s.quantity > 1 ? ` (${formatMoney(s.price, s.currency)} each)` : ""}
              </span>
              <span className="subscription-next">
                Next charge{" "}
                <time dateTime={s.next_charge_on}>{formatLongDate(s.next_charge_on)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
