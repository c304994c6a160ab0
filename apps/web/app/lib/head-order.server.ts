const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Moves the head's modulepreload links after its stylesheets. React puts the scripts' preloads
 * first in the head; a browser then asks for seven scripts before the stylesheets it needs for a
 * first paint, and over HTTP/1.1 (six connections to a host) the styles wait for a script to
 * finish. The page is painted from its HTML and styles; the scripts only hydrate it, so they may
 * come second. Nothing else in the head moves.
 */
export function stylesBeforeScripts(html: string): string {
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  const head = html.slice(0, end);
  const preloads = head.match(MODULE_PRELOAD);
  if (!preloads) return html;
  const rest = head.replace(MODULE_PRELOAD, "");
  return `${rest}${preloads.join("")}${html.slice(end)}`;
}

/** React Router's module script, which starts the page's scripts (one per page). */
const BOOT_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
/** Its static imports of the route modules: `import * as route0 from "/assets/root-….js";`. */
const ROUTE_IMPORT = /^import \* as (route\d+) from "(\/[^"]+)";$/gm;

/**
 * Waits for the page's first paint (or a second at most, where paint timing is missing). Written
 * once here; it runs at the top of the page's module script.
 */
const AFTER_FIRST_PAINT = `await new Promise((go) => {
  setTimeout(go, 1000);
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((_, seen) => { seen.disconnect(); go(); }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(go));
  }
});`;

/**
 * Starts the page's scripts after its first paint. The HTML and its stylesheets draw the whole
 * page (it is rendered on the server); the scripts (about 115 KB gzipped) only make it
 * interactive. Asked for at once, on a slow mobile connection they share the bandwidth with the
 * stylesheets, fonts and product image the first paint needs, and delay it. So the head's
 * modulepreload links and the module script's static imports become, in that script, links and
 * dynamic imports made after the first paint; the rest of React Router's script is unchanged. A
 * page whose script is not in the expected form keeps it, with stylesBeforeScripts's order.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const end = html.indexOf("</head>");
  const boot = BOOT_SCRIPT.exec(html);
  if (end < 0 || !boot || boot.index < end) return stylesBeforeScripts(html);
  const [whole, open = "", text = "", close = ""] = boot;
  const imports = [...text.matchAll(ROUTE_IMPORT)].map(([, name = "", href = ""]) => ({
    name,
    href,
  }));
  if (imports.length === 0) return stylesBeforeScripts(html);
  const head = html.slice(0, end);
  const preloads = [...head.matchAll(MODULE_PRELOAD)]
    .map(([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined);
  const started = [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports
      .map((i) => `import(${JSON.stringify(i.href)})`)
      .join(", ")}]);`,
    text.replace(ROUTE_IMPORT, ""),
  ].join("\n");
  const body = html.slice(end);
  return `${head.replace(MODULE_PRELOAD, "")}${body.replace(whole, () => `${open}${started}${close}`)}`;
}
