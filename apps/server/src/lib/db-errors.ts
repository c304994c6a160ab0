/**
 * The unique constraint a database error violated ("" when the driver did not name it), or null
 * for any other error. Drizzle wraps the driver's error in `cause`; PGlite and node-postgres both
 * carry PostgreSQL's code.
 */
export function violatedUnique(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}

/** True when the error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return violatedUnique(error) !== null;
}
