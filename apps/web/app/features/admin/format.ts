// In UTC so that the server's render and the browser's agree, whatever their time zones.
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** "Nov 22, 2026, 2:03 PM UTC" from an ISO timestamp. */
export function formatDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/** The URL's query with some parameters changed (null removes one), as "?a=1&b=2" or "". */
export function withParams(
  current: URLSearchParams,
  changes: Record<string, string | number | null>,
): string {
  // Empty parameters (a form's blank fields) say nothing: they are left out.
  const next = new URLSearchParams([...current].filter(([, value]) => value !== ""));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(name);
    else next.set(name, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}
