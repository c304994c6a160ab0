import { useId } from "react";
import { emptyPlan, type PlanDraft } from "./product-draft";

/** One subscription plan's row: code, label, how often, the saving and Remove. */
export function PlanFields({
  plan,
  onChange,
  onRemove,
}: {
  plan: PlanDraft;
  onChange: (next: PlanDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = plan.label.trim() || plan.code || "new plan";
  return (
    <fieldset className="admin-fieldset">
      <legend>Plan {name}</legend>
      <div className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            size={10}
            value={plan.code}
            placeholder="monthly"
            onChange={(e) => onChange({ ...plan, code: e.target.value })}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={plan.label}
            placeholder="Deliver every month"
            onChange={(e) => onChange({ ...plan, label: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-every`}>Every</label>
          <input
            id={`${id}-every`}
            inputMode="numeric"
            size={3}
            value={plan.intervalCount}
            onChange={(e) => onChange({ ...plan, intervalCount: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-interval`}>Weeks or months</label>
          <select
            id={`${id}-interval`}
            value={plan.interval}
            onChange={(e) =>
              onChange({ ...plan, interval: e.target.value === "week" ? "week" : "month" })
            }
          >
            <option value="week">weeks</option>
            <option value="month">months</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-discount`}>Discount %</label>
          <input
            id={`${id}-discount`}
            inputMode="numeric"
            size={3}
            value={plan.discountPercentage}
            onChange={(e) => onChange({ ...plan, discountPercentage: e.target.value })}
          />
        </div>
        <button type="button" className="admin-button" onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </fieldset>
  );
}

/** The product's subscription plans (none: it is sold once only), and Add a plan. */
export function ProductPlans({
  plans,
  onChange,
}: {
  plans: PlanDraft[];
  onChange: (plans: PlanDraft[]) => void;
}) {
  return (
    <>
      <h2>Subscription plans</h2>
      {plans.length === 0 ? <p className="admin-hint">Sold once only.</p> : null}
      {plans.map((plan, i) => (
        <PlanFields
          key={plan.key}
          plan={plan}
          onChange={(next) => onChange(plans.map((p, j) => (j === i ? next : p)))}
          onRemove={() => onChange(plans.filter((_, j) => j !== i))}
        />
      ))}
      <p>
        <button
          type="button"
          className="admin-button"
          onClick={() => onChange([...plans, emptyPlan()])}
        >
          Add a plan
        </button>
      </p>
    </>
  );
}
