import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, themeVariables } from "./store.ts";

describe("the default theme", () => {
  it("is a cream background, red primary #b83424 and Literata", () => {
    const vars = themeVariables(DEFAULT_THEME);
    expect(vars["--color-primary"]).toBe("#b83424");
    expect(vars["--color-background"]).toBe("#fbf6ec");
    expect(vars["--color-text-on-primary"]).toBe("#ffffff");
    expect(vars["--font-heading"]).toContain("Literata");
    expect(vars["--font-body"]).toContain("Literata");
  });
});
