/**
 * The footer's note with `{{year}}` filled in with this year, so a "© {{year}}" line never goes
 * out of date. The page's loader fills it (the browser's bundle does not carry this), so the
 * server's page and the hydrated one say the same year.
 */
export function footerNote(note: string, now: Date = new Date()): string {
  return note.replaceAll("{{year}}", String(now.getFullYear()));
}
