export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every object anywhere in `value` that has `key`, in document order. */
export function objectsWith(value: unknown, key: string, out: Record<string, unknown>[] = []) {
  if (Array.isArray(value)) for (const item of value) objectsWith(item, key, out);
  else if (isObject(value)) {
    if (key in value) out.push(value);
    for (const child of Object.values(value)) objectsWith(child, key, out);
  }
  return out;
}

/** The values of `key` in the first array of `value` whose objects have it. */
export function listed(value: unknown, key: string): string[] {
  if (isObject(value)) {
    for (const child of Object.values(value)) {
      if (Array.isArray(child) && child.some((c) => isObject(c) && key in c)) {
        return child.filter(isObject).map((c) => String(c[key]));
      }
    }
  }
  return [];
}

export function unique<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
