/**
 * The hostile requests of fuzz.test.ts (fast-check): strings, numbers, nesting, bodies and
 * headers, made for each operation of the OpenAPI document and each page route.
 */
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { PETS } from "../test/fixtures.ts";

// ---- hostile values ------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\ud83d",
  "💩🐕‍🦺",
  "e\u0301",
  "\u202e",
  "../../../../etc/passwd",
  "..%2f..%2f",
  "' OR '1'='1' --",
  "'; drop table products; --",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "%",
  "%00",
  "%E0%A4%A",
  "%ZZ",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e308",
  "null",
  "true",
  "[]",
  "{}",
  "x".repeat(201),
  "a".repeat(10_000),
  "A@B.CO",
  "a@b.c",
  "test+tag@example.com",
  "4242424242424242",
  "4000000000000002",
  "2024-02-30",
  "1899-12-31",
  "USD",
  "XXX",
  "pet-remedies",
  "calm-paws",
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 150, maxLength: 400 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 19, 20, 100, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5),
  fc.integer(),
  fc.double(),
);

/** Nesting far past anything the API takes; JSON.stringify would overflow on deeper. */
const deepNesting = fc
  .integer({ min: 30, max: 5_000 })
  .map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

const anyJson = fc.jsonValue({ maxDepth: 4 });

/** A leaf anywhere: mostly hostile, sometimes a plain value of another type. */
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: anyJson },
);

// ---- values from the OpenAPI document's schemas ----------------------------------------------

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** A value that mostly fits the schema, so requests get past validation into the services. */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return hostileLeaf;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => plausible(variant, depth + 1)));
  }
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "email") return fc.emailAddress();
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 30 }),
        fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
      );
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -5, -1_000_000),
        max: Math.min(schema.maximum ?? 50, 1_000_000),
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 50, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 4 });
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        record[key] = fuzzed(property, depth + 1);
      }
      return fc.record(record, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return anyJson;
  }
}

/** Mostly a plausible value, one time in four a hostile one. */
function fuzzed(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(schema, depth) },
    { weight: 1, arbitrary: hostileLeaf },
  );
}

// ---- requests --------------------------------------------------------------------------------

/** Percent-encodes every byte but the unreserved ones; lone surrogates go as U+FFFD's bytes. */
function encodeSegment(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** A header value Node's HTTP parser would let through: no CR, LF or NUL. */
const headerValue = fc
  .oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: "binary-ascii", maxLength: 60 }),
    fc.string({ maxLength: 60 }),
  )
  .map((value) =>
    Buffer.from(value, "utf8")
      .toString("latin1")
      .replace(/[\r\n\0]/g, ""),
  )
  .filter((value) => value.length > 0);

const hostHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant(PETS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "[",
      "a b",
      "pets.localhost:99999",
      "pets.localhost:0",
      "PETS.LOCALHOST",
      "pets.localhost.",
      "unknown.example",
      "[::1]:3000",
      "127.0.0.1",
      "x".repeat(300),
      "pets.localhost:3000/evil",
      "",
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

const extraHeaders = fc.record(
  {
    cookie: fc.oneof(
      headerValue.map((value) => `sf_session=${value}`),
      fc.constantFrom(
        "sf_session=",
        "sf_session=%00",
        "sf_session=00000000-0000-0000-0000-000000000000",
        "currency=XXX; sf_session=a",
        "a=b; a=c; sf_session=%E0%A4%A",
      ),
    ),
    "accept-language": headerValue,
    "accept-encoding": fc.constantFrom("gzip, deflate, br, zstd", "br;q=2", "*", "identity;q=0"),
    "x-forwarded-for": headerValue,
    "x-forwarded-proto": fc.constantFrom("https", "http", "gopher", "https, http"),
    "x-forwarded-host": headerValue,
    "idempotency-key": headerValue,
    "if-none-match": headerValue,
    origin: fc.constantFrom("http://pets.localhost", "null", "http://evil.example", "x"),
    "stripe-signature": headerValue,
  },
  { requiredKeys: [] },
);

/** A body: plausible for the route, any JSON, deep nesting, or not JSON at all. */
function bodyArbitrary(schema: JsonSchema | undefined) {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fuzzed(schema).map((value) => ({
        type: "application/json",
        payload: JSON.stringify(value ?? null),
      })),
    },
    {
      weight: 1,
      arbitrary: deepNesting.map((payload) => ({ type: "application/json", payload })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json; charset=latin1",
          "application/xml",
        ),
        payload: fc.oneof(
          fc.constantFrom("", "{", "nul\u0000l", '{"__proto__":{"x":1}}', "a=1&a=2", "%%%"),
          fc.string({ maxLength: 80 }),
        ),
      }),
    },
  );
}

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: JsonSchema }[];
  body: JsonSchema | undefined;
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      operations.push({
        method: method.toUpperCase(),
        path: route,
        parameters: (operation.parameters as Operation["parameters"] | undefined) ?? [],
        body: content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

export function requestArbitrary(operation: Operation): fc.Arbitrary<InjectOptions> {
  const pathParameters = operation.parameters.filter((p) => p.in === "path");
  const queryParameters = operation.parameters.filter((p) => p.in === "query");
  const segment = fc.oneof(
    fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/).map(encodeSegment),
    hostileString.map(encodeSegment),
    fc.constantFrom("%", "%00", "%E0%A4%A", "..", "%2e%2e", "a/b", "x".repeat(801)),
  );
  const query = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...queryParameters.map((p) => p.name), "__proto__", "a[b]"),
        hostileString,
      ),
      fc.oneof(hostileString, hostileNumber.map(String)),
    ),
    { maxLength: 4 },
  );
  return fc
    .record({
      segments: fc.array(segment, {
        minLength: pathParameters.length + 1,
        maxLength: pathParameters.length + 1,
      }),
      query,
      host: hostHeader,
      headers: extraHeaders,
      body: bodyArbitrary(operation.body),
    })
    .map(({ segments, query: pairs, host, headers, body }) => {
      let index = 0;
      const url = operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? "x");
      const search = pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join("&");
      const hasBody = operation.method !== "GET" && operation.method !== "DELETE";
      const options: InjectOptions = {
        method: operation.method as InjectOptions["method"],
        url: search ? `${url}?${search}` : url,
        headers: {
          ...headers,
          host,
          ...(hasBody ? { "content-type": body.type } : {}),
        },
        ...(hasBody ? { payload: body.payload } : {}),
      };
      return options;
    });
}

export const PAGE_PATHS = [
  "/",
  "/products/{x}",
  "/collections/{x}",
  "/cart",
  "/checkout",
  "/orders/{x}",
  "/account",
  "/account/sign-in",
  "/account/reset-password",
  "/account/confirm",
  "/garden-design",
  "/pages/{x}",
  "/policies/{x}",
  "/{x}/{x}",
];

export function pageArbitrary(pagePath: string): fc.Arbitrary<InjectOptions> {
  const operation: Operation = { method: "GET", path: pagePath, parameters: [], body: undefined };
  return fc
    .record({
      request: requestArbitrary({
        ...operation,
        parameters: [...pagePath.matchAll(/\{x\}/g)].map(() => ({ name: "x", in: "path" })),
      }),
      method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT"),
      body: bodyArbitrary(undefined),
      suffix: fc.constantFrom("", "", ".data", "/", "?_data=routes/root", "?index"),
    })
    .map(({ request, method, body, suffix }) => {
      const hasBody = method === "POST" || method === "PUT";
      return {
        ...request,
        method: method as InjectOptions["method"],
        url: `${request.url}${suffix}`,
        headers: {
          ...request.headers,
          accept: "text/html",
          ...(hasBody ? { "content-type": body.type } : {}),
        },
        ...(hasBody ? { payload: body.payload } : {}),
      };
    });
}
