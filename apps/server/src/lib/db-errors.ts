/**
 * The unique constraint a database error violated ("" when the driver did not name it), or null
 * for any other error. Drizzle wraps the driver's error in `cause`; node-postgres carries
 * PostgreSQL's code.
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

// Node's socket errors when the database host refuses, resets or cannot be reached.
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

// node-postgres' own words when a connection cannot be had or is lost mid-statement.
const CONNECTION_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error",
  "Connection terminated unexpectedly",
];

/**
 * True when the database could not be reached or did not answer in time (refused, dropped,
 * timed out, shutting down, out of connections): the request may work in a moment, so it is a
 * 503, not a 500. Walks Drizzle's `cause` chain like `violatedUnique`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (CONNECTION_ERRNOS.has(code)) return true;
      // 08: connection exception; 57P01-57P03: shutdown, crash, cannot connect now;
      // 57014: statement cancelled (statement_timeout); 53300: too many connections.
      if (code.startsWith("08") || /^57P0[1-3]$/.test(code)) return true;
      if (code === "57014" || code === "53300") return true;
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
  }
  return false;
}
