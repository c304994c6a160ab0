import { BUNDLE_MAX_SLOTS, BUNDLE_MIN_SLOTS } from "@storefront/domain";
import { useId } from "react";
import type { Draft } from "./product-draft";

/** A bundle's slots and choices; a new product may become one, a saved one stays as it is. */
export function BundleFields({
  bundle,
  canChange,
  onChange,
}: {
  bundle: Draft["bundle"];
  canChange: boolean;
  onChange: (next: Draft["bundle"]) => void;
}) {
  const id = useId();
  return (
    <>
      {canChange ? (
        <label className="admin-check">
          <input
            type="checkbox"
            checked={bundle !== null}
            onChange={(e) => onChange(e.target.checked ? { slots: "2", choices: "" } : null)}
          />{" "}
          A bundle: the shopper chooses its items from other products, at the bundle's price
        </label>
      ) : null}
      {bundle ? (
        <fieldset className="admin-fieldset">
          <legend>Bundle</legend>
          <div className="admin-field">
            <label htmlFor={`${id}-slots`}>
              Items to choose ({BUNDLE_MIN_SLOTS} to {BUNDLE_MAX_SLOTS})
            </label>
            <input
              id={`${id}-slots`}
              inputMode="numeric"
              size={3}
              value={bundle.slots}
              onChange={(e) => onChange({ ...bundle, slots: e.target.value })}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-choices`}>
              Choices: SKUs of other products, by commas, in the order shown
            </label>
            <textarea
              id={`${id}-choices`}
              rows={3}
              value={bundle.choices}
              placeholder="ITCHY-1, DRAMA-1, EAT-1"
              onChange={(e) => onChange({ ...bundle, choices: e.target.value })}
            />
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
