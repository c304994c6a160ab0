import fs from "node:fs";
import path from "node:path";
import { mailDir } from "../playwright.config";

/** The newest mail sent to `to`, as raw text (quoted-printable soft breaks joined). */
export function lastMailTo(to: string): string | null {
  if (!fs.existsSync(mailDir)) return null;
  const files = fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
  const file = files[0];
  if (!file) return null;
  return fs
    .readFileSync(path.join(mailDir, file), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
}

/** The path and query of the newest link to `linkPath` (e.g. "/account/confirm") mailed to `to`. */
export function mailedLink(to: string, linkPath: string): string | null {
  const pattern = new RegExp(`https?://[^\\s"<>]+${linkPath}\\?token=[A-Za-z0-9_-]+`);
  const found = pattern.exec(lastMailTo(to) ?? "")?.[0];
  if (!found) return null;
  const url = new URL(found);
  return url.pathname + url.search;
}
