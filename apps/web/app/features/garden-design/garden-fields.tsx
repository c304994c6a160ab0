import { type HTMLAttributes, useId } from "react";
import { errorIdOf } from "~/lib/use-form-fields";

/** The ids a control's aria-describedby names: its hint and its message, when shown. */
function describedBy(hintId: string, errorId: string, hint?: string, error?: string) {
  return [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={id} className="field-hint">
      {hint}
    </p>
  ) : null;
}

/** Always in the page (empty when there is nothing to say), so a message that appears is read. */
function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}

/** A labelled text input (or text area) with its hint and its message under it. */
export function TextField({
  id: boundId,
  name,
  label,
  value,
  onChange,
  required = false,
  hint,
  error,
  multiline = false,
  type = "text",
  autoComplete = "off",
  inputMode,
  placeholder,
}: {
  id?: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  hint?: string;
  error?: string;
  multiline?: boolean;
  type?: "text" | "email";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  placeholder?: string;
}) {
  const ownId = useId();
  const id = boundId ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = errorIdOf(id);
  const common = {
    id,
    name,
    value,
    placeholder,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hintId, errorId, hint, error),
  };
  return (
    <div className="garden-field" data-invalid={error ? "" : undefined}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Hint id={hintId} hint={hint} />
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type ChoiceProps = {
  id?: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
  error?: string;
} & (
  | { multiple: true; value: string[]; onChange(value: string[]): void }
  | { multiple?: false; value: string; onChange(value: string): void }
);

/** A group of radio buttons (one choice) or check boxes (several), under a legend. */
export function ChoiceGroup(props: ChoiceProps) {
  const { name, legend, options, required = false, hint, error } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = errorIdOf(id);
  const checked = (value: string) =>
    props.multiple ? props.value.includes(value) : props.value === value;
  const toggle = (value: string, on: boolean) => {
    if (props.multiple) {
      // Kept in the order the boxes are listed, whatever the order they were ticked in.
      props.onChange(
        options.map((o) => o.value).filter((v) => (v === value ? on : props.value.includes(v))),
      );
    } else if (on) {
      props.onChange(value);
    }
  };
  return (
    <fieldset
      className="garden-field garden-choices"
      data-invalid={error ? "" : undefined}
      aria-describedby={describedBy(hintId, errorId, hint, error)}
    >
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <Hint id={hintId} hint={hint} />
      <div className="garden-options">
        {options.map((option) => (
          <label key={option.value} className="garden-option">
            <input
              type={props.multiple ? "checkbox" : "radio"}
              name={name}
              value={option.value}
              checked={checked(option.value)}
              required={required && !props.multiple}
              aria-invalid={error ? true : undefined}
              onChange={(e) => toggle(option.value, e.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
