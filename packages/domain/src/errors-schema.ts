import { z } from "zod";
import { ERROR_CODES } from "./errors.ts";

/** The codes an error answer may carry: a DomainError's, or `internal` for a 5xx. */
export const ERROR_BODY_CODES = [...ERROR_CODES, "internal"] as const;

/**
 * Every error answer of the API: `{ error: { code, message, fields? } }`, `fields` naming each
 * refused input by dotted path. A 429 also carries the spec's reading of it: `success: false`
 * and the message.
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_BODY_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  success: z.literal(false).optional(),
  message: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
