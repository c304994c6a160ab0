import type { ErrorBody } from "@storefront/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { keepsStoredMediaUrls, publicMediaUrls } from "../lib/media-urls.ts";
import { errorAnswer, invalidInputBody } from "./errors.ts";
import { resolveRequestStore } from "./store.ts";

type Schema = z.ZodType;

/**
 * A GET of the API that pages read too, made from its descriptor by endpointRead
 * (plugins/endpoint.ts). Its URL, its params and query schemas, its answer's schema and the
 * function that reads it are defined once: the HTTP route is made from them, and
 * a page's loader calls the same function in-process with the page's own request (the same store,
 * visitor, cart and currency), with the same validation, instead of a request through the
 * server (no serialising, parsing, hooks or log lines in between).
 */
export interface PageRead<P extends Schema = Schema, Q extends Schema = Schema> {
  /** Fastify's pattern: `:name` is one path segment, `*` the rest of the path. */
  url: string;
  tags: string[];
  summary: string;
  /**
   * What a page that makes this read shows, beyond its store, so the page cache drops it when
   * that changes: 'catalog' (lists of products), 'product:<handle>' (see migration 0018).
   */
  shows?(params: z.output<P>): string[];
  params?: P;
  querystring?: Q;
  response: Schema;
  read(
    request: FastifyRequest,
    input: { params: z.output<P>; query: z.output<Q> },
  ): Promise<unknown>;
}

/** A read with its URL pattern compiled; `app.pageReads` lists them (see app.ts). */
export interface CompiledRead {
  read: PageRead;
  pattern: RegExp;
  names: string[];
}

function compile(read: PageRead): CompiledRead {
  const names: string[] = [];
  const source = read.url
    .split("/")
    .map((part) => {
      if (part === "*") {
        names.push("*");
        return "(.*)";
      }
      if (part.startsWith(":")) {
        names.push(part.slice(1));
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { read, pattern: new RegExp(`^${source}$`), names };
}

/**
 * Registers the HTTP route of a read (`extra` adds what only the route does, such as clearing a
 * stale cookie) and makes the read available to pages.
 */
export function registerPageRead<P extends Schema, Q extends Schema>(
  app: FastifyInstance,
  read: PageRead<P, Q>,
  extra?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void,
): void {
  // The list is the root instance's (a decorator's object is shared with every plugin scope).
  app.pageReads.push(compile(read as unknown as PageRead));
  app.get(
    read.url,
    {
      schema: {
        tags: read.tags,
        summary: read.summary,
        ...(read.params ? { params: read.params } : {}),
        ...(read.querystring ? { querystring: read.querystring } : {}),
        response: { 200: read.response },
      },
    },
    async (request, reply) => {
      const answer = await read.read(request, {
        params: request.params as z.output<P>,
        query: request.query as z.output<Q>,
      });
      await extra?.(request, reply);
      return answer;
    },
  );
}

function invalid(issues: z.core.$ZodIssue[]): {
  status: number;
  body: ErrorBody;
  shows: string[];
} {
  const refused = issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
  return { status: 400, body: invalidInputBody(refused), shows: [] };
}

/**
 * A page's read of `path` (path and query) in-process, answered as the HTTP route would answer
 * it; null when no read has that path (the caller then asks the server).
 */
export async function readForPage(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<{ status: number; body: unknown; shows: string[] } | null> {
  const url = new URL(path, "http://page.invalid");
  for (const { read, pattern, names } of app.pageReads) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    let rawParams: Record<string, string>;
    try {
      rawParams = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
      );
    } catch {
      return null; // a malformed escape: the server answers it as it answers any client
    }
    const params = read.params ? read.params.safeParse(rawParams) : null;
    if (params && !params.success) return invalid(params.error.issues);
    const query = read.querystring
      ? read.querystring.safeParse(Object.fromEntries(url.searchParams))
      : null;
    if (query && !query.success) return invalid(query.error.issues);
    const shows = read.shows?.(params?.data ?? {}) ?? [];
    try {
      // A page's own request is not an API path: its store is resolved here, as the API's is.
      await resolveRequestStore(request);
      const answer = await read.read(request, {
        params: params?.data ?? {},
        query: query?.data ?? {},
      });
      const body = read.response.parse(answer);
      const base = app.config.mediaPublicUrl;
      // As the HTTP route answers it (app.ts): images by the CDN's URL when one is set.
      if (!base || keepsStoredMediaUrls(url.pathname)) return { status: 200, body, shows };
      return { status: 200, body: publicMediaUrls(body, base), shows };
    } catch (error) {
      const known = errorAnswer(error);
      if (known) return { ...known, shows };
      throw error;
    }
  }
  return null;
}
