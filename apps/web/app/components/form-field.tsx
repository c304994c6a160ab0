import { type HTMLAttributes, useId } from "react";
import { errorIdOf } from "~/lib/use-form-fields";

/**
 * A labelled input; a required one says so with " *" after its label. An `error` shows under it
 * in red and marks the input invalid (aria-invalid, aria-describedby). A form binds it with
 * `{...form.bind(name)}` (lib/use-form-fields), which gives its id, name, value, onChange and error.
 */
export function Field({
  id: boundId,
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
  id?: string;
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
  const ownId = useId();
  const id = boundId ?? ownId;
  const errorId = errorIdOf(id);
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
      <FieldError id={errorId} error={error} />
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
  id: boundId,
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
  id?: string;
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
  const ownId = useId();
  const id = boundId ?? ownId;
  const errorId = errorIdOf(id);
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
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under it, named by the field's aria-describedby; nothing without one. */
function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}
