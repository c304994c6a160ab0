import { lineKey } from "@storefront/domain";
import { PlanLabel } from "~/components/plan-label";
import { useCartStore } from "./cart-store";

/** Lists the guest-cart lines that could not join the account's cart at sign-in, and why. */
export function NotMergedNotice() {
  const lines = useCartStore((s) => s.notMerged);
  if (lines.length === 0) return null;
  return (
    <div className="merge-notice" role="status">
      <p>
        <strong>Some items from before you signed in could not be added to your cart:</strong>
      </p>
      <ul>
        {lines.map((line) => (
          <li key={lineKey(line)}>
            {line.title}
            {line.subscription ? (
              <>
                {" "}
                (<PlanLabel plan={line.subscription} as="span" />)
              </>
            ) : null}{" "}
            × {line.quantity}: {line.message}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link-button"
        onClick={() => useCartStore.setState({ notMerged: [] })}
      >
        Dismiss
      </button>
    </div>
  );
}
