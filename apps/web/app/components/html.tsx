import { createElement } from "react";

/**
 * Renders content HTML that the loader has already sanitised (lib/sanitize.server.ts); nothing
 * else may be passed here.
 */
export function Html({
  as = "div",
  html,
  id,
  className,
  style,
}: {
  as?: "div" | "h1" | "h2" | "h3" | "p" | "span";
  html: string;
  id?: string;
  className?: string;
  style?: React.CSSProperties;
}) {
  return createElement(as, { id, className, style, dangerouslySetInnerHTML: { __html: html } });
}
