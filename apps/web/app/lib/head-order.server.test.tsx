import { describe, expect, it } from "vitest";
import { stylesBeforeScripts } from "./head-order.server";

describe("the head's order", () => {
  it("puts the scripts' preloads after the stylesheets, and leaves the rest as it was", () => {
    const html = [
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
      '<link rel="preload" as="image" href="/logo.jpg"/>',
      '<link rel="modulepreload" href="/assets/a.js"/>',
      '<link rel="modulepreload" href="/assets/b.js" nonce="n"/>',
      '<link rel="stylesheet" href="/assets/app.css"/>',
      '</head><body><link rel="modulepreload" href="/assets/c.js"/></body></html>',
    ].join("");
    expect(stylesBeforeScripts(html)).toBe(
      [
        '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
        '<link rel="preload" as="image" href="/logo.jpg"/>',
        '<link rel="stylesheet" href="/assets/app.css"/>',
        '<link rel="modulepreload" href="/assets/a.js"/>',
        '<link rel="modulepreload" href="/assets/b.js" nonce="n"/>',
        '</head><body><link rel="modulepreload" href="/assets/c.js"/></body></html>',
      ].join(""),
    );
  });

  it("leaves a page without preloads or without a head untouched", () => {
    const plain = '<html><head><link rel="stylesheet" href="/a.css"/></head><body></body></html>';
    expect(stylesBeforeScripts(plain)).toBe(plain);
    expect(stylesBeforeScripts("<p>no head</p>")).toBe("<p>no head</p>");
  });
});
