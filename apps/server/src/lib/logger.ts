/**
 * What services and lib/ need of a logger: pino's (and so Fastify's) methods, without importing
 * Fastify into code that must not know about HTTP.
 */
export interface Logger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/**
 * A URL for the log: the path, and the names of its query parameters with their values left out
 * (an order's access key, a reset token, a search for a name or an email are in query strings).
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => `${pair.split("=")[0]}=[Redacted]`);
  return `${url.slice(0, at)}?${names.join("&")}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The request as logged: method, path without query values, host and peer. */
export function serializeRequest(request: RequestLike): {
  method?: string;
  url?: string;
  host?: string;
  remoteAddress?: string;
} {
  return {
    method: request.method,
    url: loggableUrl(request.url ?? ""),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

// Error fields that name what failed without holding the values that failed: PostgreSQL's
// `detail` ("Key (email)=(…) already exists") and a query's `params` are left out.
const ERROR_FIELDS = ["code", "constraint", "table", "column", "routine", "statusCode"] as const;

/** A failed statement's message ends in its parameters: keep the statement, drop the values. */
function scrub(message: string): string {
  const at = message.search(/\n?params:/);
  return at === -1 ? message : `${message.slice(0, at)} [params redacted]`;
}

/**
 * An error as logged: type, message and stack without a failed statement's parameters, the
 * PostgreSQL fields that name the failure, and the same for each `cause`.
 */
export function serializeError(
  error: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) {
    const message = scrub(String(error));
    return { type: typeof error, message, stack: message };
  }
  const message = scrub(error.message);
  const stackFrames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames].join("\n"),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) if (fields[field] !== undefined) out[field] = fields[field];
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
