import { useId, useState } from "react";

/** A form's messages by field name (or by the server's dotted path, `address.postalCode`). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What a control needs from its form, spread into it: `<Field {...form.bind("email")} … />`.
 * `aria-describedby` names only the message; a control with a hint adds the hint's id itself.
 */
export interface FieldBinding<T> {
  id: string;
  name: string;
  value: T;
  onChange(value: T): void;
  error: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The id of a control's message, beside its own id. */
export function errorIdOf(id: string): string {
  return `${id}-error`;
}

export interface FormFields<V extends object> {
  values: V;
  errors: FieldErrors;
  /** Sets one value as typing does (the message rule below applies). */
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Puts the form back to these values (messages stay as they are); not with `values`. */
  setValues(values: V): void;
  /** Shows exactly these messages (the domain's schema said so, or the server did). */
  setErrors(errors: FieldErrors): void;
  setError(name: string, message: string): void;
  clearError(name: string): void;
  bind<K extends keyof V & string>(name: K): FieldBinding<V[K]>;
}

/**
 * One form's values, messages and bindings. The form checks itself with the domain's zod schemas
 * (not react-hook-form: docs/decisions/038-checkout-form-validation.md and
 * 062-garden-form-plain.md); this hook only keeps the bookkeeping in one place.
 *
 * Typing into a field: with `check` (the domain's schema as field → message), a message already
 * shown follows the values (it changes or goes) and no new one appears; without it, the field's
 * own message goes. With `values` and `onValue`, the values live elsewhere (a store) and changes
 * are handed over; else the hook keeps them.
 *
 * @example
 * const form = useFormFields({ email: "" });
 * <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
 */
export function useFormFields<V extends object>(
  initial: V | (() => V),
  options: {
    check?(values: V): FieldErrors;
    values?: V;
    onValue?<K extends keyof V & string>(name: K, value: V[K]): void;
  } = {},
): FormFields<V> {
  const prefix = useId();
  const [ownValues, setOwnValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = options.values ?? ownValues;

  function clearError(name: string) {
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _, ...rest } = e;
      return rest;
    });
  }

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    if (options.onValue) options.onValue(name, value);
    else setOwnValues((v) => ({ ...v, [name]: value }));
    const { check } = options;
    if (!check) {
      clearError(name);
      return;
    }
    const shown = Object.keys(errors);
    if (shown.length === 0) return;
    const now = check({ ...values, [name]: value });
    setErrors(
      Object.fromEntries(
        shown.map((f) => [f, now[f]]).filter((entry): entry is [string, string] => !!entry[1]),
      ),
    );
  }

  function bind<K extends keyof V & string>(name: K): FieldBinding<V[K]> {
    const id = `${prefix}-${name}`;
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      error,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorIdOf(id) : undefined,
    };
  }

  return {
    values,
    errors,
    setValue,
    setValues: setOwnValues,
    setErrors,
    setError(name, message) {
      setErrors((e) => ({ ...e, [name]: message }));
    },
    clearError,
    bind,
  };
}
