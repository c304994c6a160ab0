import { type ReactNode, useId } from "react";

/** A text field or area of the form, labelled; an empty value is left out of the page. */
export function Field({
  label,
  value,
  onChange,
  area = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  area?: boolean;
}) {
  const id = useId();
  return (
    <div className="admin-field admin-field-wide">
      <label htmlFor={id}>{label}</label>
      {area ? (
        <textarea
          id={id}
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck
        />
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** Up, Down and Remove for one entry of a list, each naming it for screen readers. */
export function ListControls({
  index,
  count,
  what,
  onChange,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onChange: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="admin-list-controls">
      <button
        type="button"
        className="admin-button"
        disabled={index === 0}
        onClick={() => onChange(-1)}
      >
        Up<span className="visually-hidden"> {what}</span>
      </button>
      <button
        type="button"
        className="admin-button"
        disabled={index === count - 1}
        onClick={() => onChange(1)}
      >
        Down<span className="visually-hidden"> {what}</span>
      </button>
      <button type="button" className="admin-button" onClick={onRemove}>
        Remove<span className="visually-hidden"> {what}</span>
      </button>
    </span>
  );
}

/** A titled group of the form's fields. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}
