import { useState } from "react";

/**
 * A quantity with minus and plus buttons; minus is disabled at `min`, plus at `max`. `typeable`:
 * the number can be typed too (a whole number from `min` to `max`; anything else goes back to the
 * last good value when the field is left).
 */
export function QuantityStepper({
  value,
  min = 1,
  max,
  label,
  disabled,
  typeable,
  onChange,
}: {
  value: number;
  min?: number;
  max: number;
  label: string;
  disabled?: boolean;
  typeable?: boolean;
  onChange(value: number): void;
}) {
  // What is typed, while it is typed: it may be empty or out of range for a moment.
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      {typeable ? (
        <input
          type="number"
          inputMode="numeric"
          aria-label={label}
          min={min}
          max={max}
          disabled={disabled}
          value={typed ?? value}
          onChange={(e) => {
            setTyped(e.target.value);
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= min && n <= max) onChange(n);
          }}
          onBlur={() => setTyped(null)}
        />
      ) : (
        <output aria-live="polite">{value}</output>
      )}
      <button
        type="button"
        aria-label={`Increase ${label.toLowerCase()}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
