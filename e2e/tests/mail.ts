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
