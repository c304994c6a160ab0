/** A quantity with minus and plus buttons; minus is disabled at `min`, plus at `max`. */
export function QuantityStepper({
  value,
  min = 1,
  max,
  label,
  disabled,
  onChange,
}: {
  value: number;
  min?: number;
  max: number;
  label: string;
  disabled?: boolean;
  onChange(value: number): void;
}) {
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
      <output aria-live="polite">{value}</output>
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
