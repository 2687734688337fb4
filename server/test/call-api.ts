// Calls the public API as Herald's process serves it, without a socket: the request is routed by
// the API's router (server/http/api-router.ts) over the registry's operations and served by the
// matched operation's handler (server/openapi/registry.ts), with a real Request. Returns status,
// headers and the parsed JSON body.
import { createApiRouter } from "../http/api-router";
import type { ApiAnswer, ApiHandler } from "../http/api-handler";
import { toErrorBody } from "../lib/errors";
import { apiHandlersById, servedOperations } from "../openapi/registry";

// Tests read deep into bodies; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;

export interface CallOptions {
  key?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number>;
}

const routeApiRequest = createApiRouter(servedOperations);

function buildRequest(method: string, path: string, options: CallOptions): Request {
  const url = new URL(`http://herald.test/api/v1${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(url, { method, headers, body });
}

function parsed(answer: ApiAnswer): { status: number; headers: Headers; body: JsonBody | null; text: string | null } {
  const headers = new Headers(answer.headers);
  // A file (a CSV export) is answered as its text.
  if (answer.body && !(headers.get("content-type") ?? "application/json").startsWith("application/json")) {
    return { status: answer.status, headers, body: null, text: answer.body };
  }
  return { status: answer.status, headers, body: answer.body ? (JSON.parse(answer.body) as JsonBody) : null, text: answer.body };
}

/** `path` is below /api/v1 with its path parameters in it, e.g. `/campaigns/cmp_1`. */
export async function callApi(method: string, path: string, options: CallOptions = {}) {
  const request = buildRequest(method, path, options);
  const routing = routeApiRequest(method, new URL(request.url).pathname);
  if (routing.kind === "answer") return parsed({ status: routing.status, headers: { allow: routing.allow }, body: null });
  if (routing.kind === "error") {
    const { status, body } = toErrorBody(routing.error);
    return parsed({ status, headers: routing.allow ? { allow: routing.allow } : {}, body: JSON.stringify(body) });
  }
  const handler = apiHandlersById.get(routing.operation.operationId);
  if (!handler) throw new Error(`No handler for ${routing.operation.operationId}`);
  return parsed(await handler.serve(request, routing.params));
}

/** Calls one handler directly, for handlers made in a test (the wrapper's own tests). */
export async function callHandler(handler: ApiHandler, method: string, path: string, options: CallOptions & { params?: Record<string, string> } = {}) {
  return parsed(await handler.serve(buildRequest(method, path, options), options.params ?? {}));
}
