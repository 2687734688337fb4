// Serves an /api/v1 request in Herald's process: the request gate (request-gate.ts) has routed it
// once to its operation and decoded its path parameters; this finds the operation's handler in the
// registry (server/openapi/registry.ts), gives it the request as a web Request (what the handler
// wrapper, api-handler.ts, reads headers and body from) and writes its answer to the socket. The
// security headers the gate set stay on the response.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ApiOperation } from "./api-operation";
import type { ApiAnswer, ApiHandler } from "./api-handler";
import { toErrorBody } from "../lib/errors";
import { logger } from "../lib/logger";

/** Only the path and query of a request's URL are read; the origin is a placeholder. */
const ORIGIN = "http://herald.invalid";

/** The request as a web Request: its headers (the client address the process wrote included) and, for a body the operation reads, the stream. */
function webRequest(request: IncomingMessage, readsBody: boolean): Request {
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

function write(response: ServerResponse, answer: ApiAnswer): void {
  if (response.headersSent || response.destroyed) return;
  const headers: Record<string, string> = answer.headers;
  if (answer.body !== null) headers["content-length"] = String(Buffer.byteLength(answer.body));
  response.writeHead(answer.status, headers).end(answer.body ?? undefined);
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
    answering.then(
      (answer) => write(response, answer),
      (error: unknown) => {
        // The handler wrapper answers every error itself: this is a request it could not even be given.
        logger.error("Unhandled API request error", { operation: operation.operationId, error });
        const { status, body } = toErrorBody(error);
        write(response, { status, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) });
      },
    );
  };
}
