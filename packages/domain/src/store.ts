import type { Theme } from "./store-schema.ts";

/** The default theme: cream background, red primary #b83424, Literata. */
/** What store look-ups say to a person. */
export const STORE_MESSAGES = {
  notFound: "Store not found",
} as const;

export const DEFAULT_THEME: Theme = {
  colors: {
    background: "#fbf6ec",
    text: "#2b2118",
    primary: "#b83424",
    primaryDark: "#8e2619",
    textOnPrimary: "#ffffff",
    textSecondary: "#5c4f44",
  },
  typography: { fonts: { primary: "Literata", body: "Literata" } },
  buttons: { radius: "999px" },
  layout: { maxWidth: "1200px" },
  animations: { duration: "200ms" },
  chatbot: {},
};

/**
 * The fonts a theme can name: the web app serves their faces (latin, 400 and 700) and a browser
 * downloads only those its store's theme uses. Each falls back to a system font of its kind.
 */
export const THEME_FONTS: Readonly<Record<string, "serif" | "sans">> = {
  Literata: "serif",
  Fraunces: "serif",
  "Nunito Sans": "sans",
  "Work Sans": "sans",
};

const FALLBACK_FONTS = {
  serif: "Georgia, serif",
  sans: 'system-ui, "Helvetica Neue", Arial, sans-serif',
} as const;

/** A font as CSS names it, with the system fonts of its kind after it. */
export function fontStack(name: string): string {
  return `"${name}", ${FALLBACK_FONTS[THEME_FONTS[name] ?? "serif"]}`;
}

/**
 * The theme as CSS custom properties for the document root.
 * @example themeVariables(DEFAULT_THEME)["--color-primary"] // "#b83424"
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(theme.colors)) {
    vars[`--color-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  }
  vars["--font-heading"] = fontStack(theme.typography.fonts.primary);
  vars["--font-body"] = fontStack(theme.typography.fonts.body);
  if (theme.buttons.radius) vars["--button-radius"] = theme.buttons.radius;
  if (theme.layout.maxWidth) vars["--layout-max-width"] = theme.layout.maxWidth;
  if (theme.animations.duration) vars["--animation-duration"] = theme.animations.duration;
  return vars;
}
