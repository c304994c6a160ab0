import { type HTMLAttributes, useId } from "react";

/**
 * A labelled input; a required one says so with " *" after its label. An `error` shows under it
 * in red and marks the input invalid (aria-invalid, aria-describedby).
 */
export function Field({
  label,
  type = "text",
  name,
  autoComplete,
  required = true,
  minLength,
  maxLength,
  inputMode,
  placeholder,
  error,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  type?: string;
  name: string;
  autoComplete: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
  error?: string | null;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required ? " *" : ""}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's outcome: an error (alert) or, failing that, an information (status). */
export function FormMessage({ error, info }: { error: string | null; info?: string | null }) {
  if (error) {
    return (
      <p className="inline-error" role="alert">
        {error}
      </p>
    );
  }
  return info ? (
    <p className="form-info" role="status">
      {info}
    </p>
  ) : null;
}

/** A labelled select with a "Choose…" first option and an optional error under it. */
export function SelectField({
  label,
  name,
  autoComplete,
  options,
  placeholder,
  error,
  disabled,
  value,
  onChange,
}: {
  label: string;
  name: string;
  autoComplete: string;
  options: readonly { value: string; label: string }[];
  /** The empty first choice; none when a value is always chosen. */
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label} *</label>
      <select
        id={id}
        name={name}
        autoComplete={autoComplete}
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
