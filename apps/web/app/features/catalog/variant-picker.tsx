import {
  attributeControl,
  attributeLabel,
  dropdownPlaceholder,
  optionLabel,
} from "@storefront/domain";
import { useId } from "react";

/**
 * One control per attribute: a dropdown for Font, Thread Color and Text Placement, a button group
 * for the others ('pack size' reads 'Count' with Single and Pack of Two).
 */
export function VariantPicker({
  variantList,
  selection,
  onChange,
}: {
  variantList: Record<string, string[]>;
  selection: Record<string, string>;
  onChange(attribute: string, value: string): void;
}) {
  const id = useId();
  return (
    <div className="variant-picker">
      {Object.entries(variantList).map(([name, options]) => {
        const label = attributeLabel(name);
        const controlId = `${id}-${name.replace(/\W+/g, "-")}`;
        if (attributeControl(name) === "dropdown") {
          return (
            <div key={name} className="field">
              <label htmlFor={controlId}>{label}</label>
              <select
                id={controlId}
                value={selection[name] ?? ""}
                onChange={(e) => onChange(name, e.target.value)}
              >
                <option value="" disabled>
                  {dropdownPlaceholder(name)}
                </option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {optionLabel(name, o)}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        return (
          <fieldset key={name} className="option-group">
            <legend>{label}</legend>
            <div className="option-buttons">
              {options.map((o) => (
                <button
                  key={o}
                  type="button"
                  className="option-button"
                  aria-pressed={selection[name] === o}
                  onClick={() => onChange(name, o)}
                >
                  {optionLabel(name, o)}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
