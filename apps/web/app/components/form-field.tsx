import { useId } from "react";

/** A labelled input; a required one says so with " *" after its label. */
export function Field({
  label,
  type = "text",
  name,
  autoComplete,
  required = true,
  minLength,
  value,
  onChange,
}: {
  label: string;
  type?: string;
  name: string;
  autoComplete: string;
  required?: boolean;
  minLength?: number;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
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
