import { TAX_RATE_SCALE, type TaxLine } from "@storefront/domain";

/** A tax line's label with its rate: "HST (13%)", "Sales tax (8.875%)". */
export function taxLineLabel(line: TaxLine): string {
  const percent = Number(((line.rate * 100) / TAX_RATE_SCALE).toFixed(3));
  return `${line.name} (${percent}%)`;
}

// In UTC so that the server's render and the browser's agree, whatever their time zones.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 22, 2026" from an ISO timestamp. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const longDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** The long US form of a calendar day: "December 22, 2026" from "2026-12-22". */
export function formatLongDate(day: string): string {
  return longDateFormat.format(new Date(`${day}T00:00:00Z`));
}
