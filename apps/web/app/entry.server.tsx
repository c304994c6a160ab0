import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { scriptsAfterFirstPaint } from "./lib/head-order.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import "./lib/context.ts";

const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole page before answering (onAllReady): every page's HTML already holds its
 * content, title, meta and structured data before any script runs.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let statusCode = status;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // The whole page is sent at once (onAllReady): a large Suspense boundary (the reviews)
        // stays in place in the HTML rather than being moved to the end and swapped in by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            headers.set("Content-Type", "text/html; charset=utf-8");
            // A route may ask for stricter caching (an order page: no-store).
            if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
            const html = scriptsAfterFirstPaint(Buffer.concat(chunks).toString("utf8"));
            resolve(new Response(html, { status: statusCode, headers }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1000);
  });
}
