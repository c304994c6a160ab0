import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint, stylesBeforeScripts } from "./head-order.server";

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

describe("the page's scripts start after its first paint", () => {
  const page = (script: string) =>
    [
      '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"/>',
      '<link rel="stylesheet" href="/assets/app.css"/>',
      '<link rel="modulepreload" href="/assets/root.js"/></head><body><main>Itchy $1 Scratchy</main>',
      `<script type="module" async="">${script}</script>`,
      "<script>window.later = 1;</script></body></html>",
    ].join("");
  const reactRouterScript = [
    ";",
    'import * as route0 from "/assets/root.js";',
    'import * as route1 from "/assets/product.js";',
    '  window.__reactRouterManifest = {"version":"$&"};',
    '  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};',
    'import("/assets/entry.js");',
  ].join("\n");

  it("takes the preloads out of the head and makes them, and the route imports, after the paint", () => {
    const html = scriptsAfterFirstPaint(page(reactRouterScript));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(html).not.toMatch(/^import \* as/m);
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const waits = script.indexOf('observe({ type: "paint", buffered: true })');
    const preloads = script.indexOf('for (const href of ["/assets/entry.js","/assets/root.js"])');
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/product.js")]);',
    );
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    // The rest of React Router's script is kept as it was, "$&" included.
    expect(script.slice(imports)).toContain(
      '  window.__reactRouterManifest = {"version":"$&"};\n  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};\nimport("/assets/entry.js");',
    );
    expect(html).toContain("<main>Itchy $1 Scratchy</main>");
    expect(html).toContain("<script>window.later = 1;</script></body></html>");
  });

  it("runs as a module: the rewritten script parses, awaiting at its top level", () => {
    const html = scriptsAfterFirstPaint(page(reactRouterScript));
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    // An async function body accepts what a module's top level does here (await, const).
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as FunctionConstructor;
    expect(() => new AsyncFunction(script)).not.toThrow();
  });

  it("keeps a script it does not recognise, with the styles before the preloads", () => {
    const unknown = page('import("/assets/entry.js");');
    expect(scriptsAfterFirstPaint(unknown)).toBe(stylesBeforeScripts(unknown));
  });
});
