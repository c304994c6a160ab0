/**
 * What services and lib/ need of a logger: pino's (and so Fastify's) methods, without importing
 * Fastify into code that must not know about HTTP.
 */
export interface Logger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}
