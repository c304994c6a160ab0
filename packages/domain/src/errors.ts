/** The closed set of error codes a service may throw; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  "invalid",
  "not_found",
  "conflict",
  "out_of_stock",
  "unauthorized",
  "forbidden",
  "rate_limited",
  "payment_declined",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error handler's own texts, for failures no service named. */
export const ERROR_MESSAGES = {
  internal: "Something went wrong. Please try again.",
  databaseUnavailable:
    "The store cannot reach its database just now. Please try again in a moment.",
  invalidRequest: "The request is not valid",
  invalidJson: "The request body is not valid JSON",
  invalidField: "is not valid",
  invalidHost: "The Host header is missing or not a valid host name",
  methodNotAllowed: (method: string) => `${method} is not allowed here; pages answer GET and HEAD`,
  noRoute: (method: string, url: string) => `No route for ${method} ${url}`,
} as const;

/**
 * A failure a user or API client can act on.
 * @example throw new DomainError("not_found", "Product not found")
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.fields = fields;
  }
}
