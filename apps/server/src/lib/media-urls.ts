/** Where a store's own image paths start: the app's /media/ route. */
const MEDIA_PATH = "/media/";

/**
 * Answers of these paths keep the app's own /media/ paths: the admin's and operators' forms send
 * what they read back, and a stored image should stay the store's path, not a CDN's address.
 */
const KEPT_AS_STORED = ["/api/admin/", "/api/platform/"];

export function keepsStoredMediaUrls(url: string): boolean {
  return KEPT_AS_STORED.some((prefix) => url.startsWith(prefix));
}

/**
 * A copy of an answer with every string that is a /media/ path (`/media/pets/a.jpg`, with or
 * without a query) turned into the same path under `base` (MEDIA_PUBLIC_URL, a CDN in front of
 * /media/): `https://cdn.example.com/media/pets/a.jpg`. Other values are the same objects.
 */
export function publicMediaUrls<T>(value: T, base: string): T {
  return walk(value, `${base}/`) as T;
}

function walk(value: unknown, base: string): unknown {
  if (typeof value === "string") {
    return value.startsWith(MEDIA_PATH) ? base + value.slice(MEDIA_PATH.length) : value;
  }
  if (Array.isArray(value)) return value.map((item) => walk(item, base));
  // Plain objects only: a Date or a Buffer is answered as it is.
  const proto = value && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (value && (proto === Object.prototype || proto === null)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = walk(item, base);
    return copy;
  }
  return value;
}
