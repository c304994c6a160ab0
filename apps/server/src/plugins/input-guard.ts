import { DomainError, ERROR_MESSAGES, findTextProblem } from "@storefront/domain";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

// The marker fastify-type-provider-zod puts on its validation issues, so the error handler
// answers our refusals exactly as it answers a schema's.
const ZOD_ISSUE = Symbol.for("ZodFastifySchemaValidationError");

/**
 * The zod validator compiler, with the domain's text refinement in front of every request schema:
 * a NUL, a broken Unicode character or absurd nesting anywhere in a body, query, parameter or
 * header set is a 400 naming the field, for every route, present and future.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const problem = findTextProblem(data);
    if (!problem) return validate(data);
    const instancePath = `/${problem.path.join("/")}`;
    const issue = {
      [ZOD_ISSUE]: true,
      keyword: "custom",
      instancePath,
      schemaPath: `#${instancePath}/custom`,
      message: problem.message,
      params: {},
    };
    return { error: [issue] as unknown as Error };
  };
};

/** A Host header a URL can be built from: a name or address and an optional port up to 65535. */
export function isValidHost(host: string): boolean {
  if (host === "" || host.length > 255) return false;
  try {
    return new URL(`http://${host}`).host === host.toLowerCase().replace(/:80$/, "");
  } catch {
    return false;
  }
}

/** How many Host headers the request carried (Node keeps only the first; HTTP says exactly one). */
function hostHeaderCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === "host") count += 1;
  }
  return count;
}

/** Refuses, before anything reads it, a request whose Host no URL can be made of, or two Hosts. */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const hosts = request.headers.host;
    if (
      Array.isArray(hosts) ||
      hostHeaderCount(request.raw.rawHeaders) > 1 ||
      !isValidHost(request.host)
    ) {
      throw new DomainError("invalid", ERROR_MESSAGES.invalidHost, {
        host: ERROR_MESSAGES.invalidHost,
      });
    }
  });
}
