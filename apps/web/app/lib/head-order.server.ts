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
