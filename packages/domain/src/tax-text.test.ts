import { describe, expect, it } from "vitest";
import { DEFAULT_CHECKOUT_SETTINGS } from "./default-checkout.ts";
import { TaxTableSchema } from "./new-store.ts";
import { TAX_TEXT_MESSAGES as M, parseTaxText, taxText } from "./tax-text.ts";

describe("tax rates as a person types them", () => {
  it("reads back what it writes, for every default region", () => {
    for (const country of ["US", "CA"] as const) {
      const table = DEFAULT_CHECKOUT_SETTINGS.tax[country];
      expect(parseTaxText(taxText(table), country)).toEqual({ rates: table });
    }
  });

  it("reads percents with decimals, a % sign, lower-case regions and blank lines", () => {
    expect(parseTaxText("ny: Sales tax 4.875%\n\nBC: GST 5, PST 7", "US")).toEqual({
      error: M.region(3, "US", "BC"),
    });
    expect(parseTaxText("qc: GST 5, QST 9.975\n\n", "CA")).toEqual({
      rates: { QC: { GST: 5000, QST: 9975 } },
    });
  });

  it("gives a table a new store's form accepts: the defaults, and a changed one", () => {
    expect(TaxTableSchema.safeParse(DEFAULT_CHECKOUT_SETTINGS.tax).success).toBe(true);
    const read = parseTaxText("NY: Sales tax 8", "US");
    expect("rates" in read && TaxTableSchema.safeParse({ US: read.rates }).success).toBe(true);
  });

  it("names the line to fix", () => {
    expect(parseTaxText("NY 4", "US")).toEqual({ error: M.line(1) });
    expect(parseTaxText("NY: Sales tax", "US")).toEqual({ error: M.line(1) });
    expect(parseTaxText("NY: Sales tax 4\nNY: Sales tax 5", "US")).toEqual({
      error: M.twice(2, "NY"),
    });
    expect(parseTaxText("NY: Sales tax 31", "US")).toEqual({ error: M.rate(1) });
  });
});
