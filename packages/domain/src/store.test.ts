import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, fontStack, themeVariables } from "./store.ts";

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

describe("a theme's fonts", () => {
  it("fall back to system fonts of their own kind, serif for a font the app does not serve", () => {
    expect(fontStack("Work Sans")).toBe(
      '"Work Sans", system-ui, "Helvetica Neue", Arial, sans-serif',
    );
    expect(fontStack("Fraunces")).toBe('"Fraunces", Georgia, serif');
    expect(fontStack("Comic Neue")).toBe('"Comic Neue", Georgia, serif');
    const vars = themeVariables({
      ...DEFAULT_THEME,
      typography: { fonts: { primary: "Fraunces", body: "Nunito Sans" } },
    });
    expect(vars["--font-heading"]).toBe('"Fraunces", Georgia, serif');
    expect(vars["--font-body"]).toContain('"Nunito Sans", system-ui');
  });
});
