import { subscriptionOffer } from "@storefront/domain";
import "./plan-label.css";

/**
 * A subscription line's plan: "SUBSCRIPTION Deliver every month · Subscribe & save 10%". The
 * saving is left out where it is not known (a line of a guest cart that could not join).
 */
export function PlanLabel({
  plan,
  as: Tag = "p",
}: {
  plan: { label: string; discount_percentage?: number };
  /** "span" inside a line of text. */
  as?: "p" | "span";
}) {
  return (
    <Tag className="plan-label">
      <span className="plan-badge">Subscription</span> {plan.label}
      {plan.discount_percentage ? ` · ${subscriptionOffer(plan.discount_percentage)}` : ""}
    </Tag>
  );
}
