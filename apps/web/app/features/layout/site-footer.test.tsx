import { describe, expect, it } from "vitest";
import { footerNote } from "./footer-note";

describe("the footer's note", () => {
  it("fills {{year}} with this year, wherever and however often it appears", () => {
    const now = new Date("2027-03-01T12:00:00Z");
    expect(footerNote("© {{year}} Pawsome Herbals.", now)).toBe("© 2027 Pawsome Herbals.");
    expect(footerNote("{{year}}–{{year}}", now)).toBe("2027–2027");
    expect(footerNote("No year here.", now)).toBe("No year here.");
  });
});
