// Reads a request body as text, refusing it (413) as soon as it passes the route's limit: a chunked
// body declares no length for the request gate to check, so the limit is enforced while reading.
import { HeraldError, toErrorBody } from "../lib/errors";
import { logger } from "../lib/logger";
import { bodyLimitFor, payloadTooLarge } from "./body-limits";

/**
 * A body whose stream failed: the client closed the connection mid-body (Node's "aborted"), which
 * any client may do at will. A 400 nobody will read, and one debug line without a stack: logged as
 * an error with its stack, every dropped upload was an ERROR entry, and a client could flood the log.
 */
function bodyNotReceived(request: Request, error: unknown): HeraldError {
  logger.debug("Request body not received: the client closed the connection", {
    method: request.method,
    path: new URL(request.url).pathname,
    reason: error instanceof Error ? error.message : String(error),
  });
  return new HeraldError({ code: "bad-request", message: "The connection closed before the whole request body arrived." });
}

export async function readBoundedBody(request: Request, limitBytes = bodyLimitFor(new URL(request.url).pathname)): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limitBytes) throw payloadTooLarge(limitBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw bodyNotReceived(request, error);
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Wraps a route handler that reads the body itself (tRPC, Auth.js, Inngest, provider webhooks) so
 * that it gets the same request with the body already read within the limit, or answers 413.
 * `rebuild` makes the request the handler expects (Auth.js wants a NextRequest).
 */
export function withBodyLimit<R extends Request, Rest extends unknown[]>(
  handler: (request: R, ...rest: Rest) => Promise<Response> | Response,
  rebuild: (input: string, init?: RequestInit) => R = (input, init) => new Request(input, init) as R,
) {
  return async (request: Request, ...rest: Rest): Promise<Response> => {
    if (request.method === "GET" || request.method === "HEAD") return handler(rebuild(request.url, { headers: request.headers, signal: request.signal }), ...rest);
    let body: string;
    try {
      body = await readBoundedBody(request);
    } catch (error) {
      const { status, body: errorBody } = toErrorBody(error);
      return Response.json(errorBody, { status, headers: { connection: "close" } });
    }
    return handler(rebuild(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }), ...rest);
  };
}
