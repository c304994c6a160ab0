import { DomainError, ERROR_MESSAGES, type ErrorBody, type ErrorCode } from "@storefront/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { RateLimitedError } from "../lib/rate-limit.ts";

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payment_declined: 402,
  conflict: 409,
  out_of_stock: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** The status and body of a DomainError, as every answer of the API has them. */
function domainErrorAnswer(error: DomainError): { status: number; body: ErrorBody } {
  const details: ErrorBody["error"] = { code: error.code, message: error.message };
  if (error.fields) details.fields = error.fields;
  // The spec's client reads `success` and `message` of a 429 (password-reset request).
  const body: ErrorBody =
    error.code === "rate_limited"
      ? { success: false, message: error.message, error: details }
      : { error: details };
  return { status: STATUS[error.code], body };
}

const UNAVAILABLE: ErrorBody = {
  error: { code: "unavailable", message: ERROR_MESSAGES.databaseUnavailable },
};

/**
 * The answer the error handler gives to an error a service may throw (a DomainError, the
 * database unavailable), for a caller in-process (a page's read); null for anything else.
 */
export function errorAnswer(error: unknown): { status: number; body: ErrorBody } | null {
  if (error instanceof DomainError) return domainErrorAnswer(error);
  if (isDatabaseUnavailable(error)) return { status: 503, body: UNAVAILABLE };
  return null;
}

/**
 * The 400 body of refused input: each field's first message (a field named by its dotted path,
 * "request" when the whole input is wrong), and the first of them as the message.
 */
export function invalidInputBody(issues: { field: string; message: string }[]): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field || "request"] ??= issue.message;
  const [first] = Object.entries(fields);
  const message = first ? `${first[0]}: ${first[1]}` : ERROR_MESSAGES.invalidRequest;
  return { error: { code: "invalid", message, fields } };
}

/** The one error handler: a DomainError's code picks the status; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      const { status, body } = domainErrorAnswer(error);
      return reply.status(status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? ERROR_MESSAGES.invalidField,
      }));
      return reply.status(400).send(invalidInputBody(issues));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", "5").send(UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? "not_found" : status === 429 ? "rate_limited" : "invalid";
      const body: ErrorBody = { error: { code, message: error.message } };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, "request failed");
    const body: ErrorBody = {
      error: { code: "internal", message: ERROR_MESSAGES.internal },
    };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: { code: "not_found", message: ERROR_MESSAGES.noRoute(request.method, request.url) },
    };
    reply.status(404).send(body);
  });
}
