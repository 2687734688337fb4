// Serves an /api/v1 request in Herald's process: the request gate (request-gate.ts) has routed it
// once to its operation and decoded its path parameters; this finds the operation's handler in the
// registry (server/openapi/registry.ts), gives it the request as a web Request (what the handler
// wrapper, api-handler.ts, reads headers and body from) and writes its answer to the socket. The
// security headers the gate set stay on the response.
//
// Answers of 1 KB and more are compressed when the client accepts gzip or deflate, as Next.js
// compressed the API's answers when it served them (it did so at any size; a few hundred bytes gain
// nothing for the work). Every answer says Vary: Accept-Encoding.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { deflate, gzip } from "node:zlib";
import type { ApiOperation } from "./api-operation";
import type { ApiAnswer, ApiHandler } from "./api-handler";
import { toErrorBody } from "../lib/errors";
import { logger } from "../lib/logger";

/** Only the path and query of a request's URL are read; the origin is a placeholder. */
const ORIGIN = "http://herald.invalid";

/** The request as a web Request: its headers (the client address the process wrote included) and, for a body the operation reads, the stream. */
export function webRequest(request: IncomingMessage, readsBody: boolean): Request {
  const headers = new Headers();
  for (const name in request.headers) {
    const value = request.headers[name];
    if (typeof value === "string") headers.append(name, value);
    else if (value) for (const item of value) headers.append(name, item);
  }
  const method = request.method ?? "GET";
  const body = readsBody && method !== "GET" && method !== "HEAD" ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : undefined;
  return new Request(new URL(request.url ?? "/", ORIGIN), { method, headers, body, duplex: "half" } as RequestInit);
}

const COMPRESS_FROM_BYTES = 1024;
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** An encoding listed in Accept-Encoding, not refused with `;q=0`. */
const ACCEPTS_GZIP = /(?:^|,)\s*gzip\s*(?:;\s*q=(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i;
const ACCEPTS_DEFLATE = /(?:^|,)\s*deflate\s*(?:;\s*q=(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i;

function encodingFor(acceptEncoding: string | undefined): "gzip" | "deflate" | null {
  if (!acceptEncoding) return null;
  if (ACCEPTS_GZIP.test(acceptEncoding)) return "gzip";
  if (ACCEPTS_DEFLATE.test(acceptEncoding)) return "deflate";
  return null;
}

async function write(request: IncomingMessage, response: ServerResponse, answer: ApiAnswer): Promise<void> {
  const headers: Record<string, string> = answer.headers;
  headers.vary = "Accept-Encoding";
  let body: string | Buffer | undefined = answer.body ?? undefined;
  if (body !== undefined && body.length >= COMPRESS_FROM_BYTES) {
    const encoding = encodingFor(request.headers["accept-encoding"]);
    if (encoding) {
      body = await (encoding === "gzip" ? gzipAsync(body) : deflateAsync(body));
      headers["content-encoding"] = encoding;
    }
  }
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  if (response.headersSent || response.destroyed) return;
  response.writeHead(answer.status, headers).end(body);
}

/** Returns the gate's `serveApi`: dispatch to the handler of the operation the gate matched. */
export function createApiServer(handlers: ReadonlyMap<string, ApiHandler>) {
  return function serveApi(request: IncomingMessage, response: ServerResponse, operation: ApiOperation, params: Record<string, string>): void {
    const handler = handlers.get(operation.operationId);
    let answering: Promise<ApiAnswer>;
    try {
      if (!handler) throw new Error(`No handler for operation ${operation.operationId}`);
      answering = handler.serve(webRequest(request, operation.body !== undefined), params);
    } catch (error) {
      answering = Promise.reject(error);
    }
    answering
      .catch((error: unknown): ApiAnswer => {
        // The handler wrapper answers every error itself: this is a request it could not even be given.
        logger.error("Unhandled API request error", { operation: operation.operationId, error });
        const { status, body } = toErrorBody(error);
        return { status, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) };
      })
      .then((answer) => write(request, response, answer))
      .catch((error: unknown) => {
        logger.error("Could not write an API answer", { operation: operation.operationId, error });
        if (!response.headersSent) response.writeHead(500).end();
      });
  };
}
