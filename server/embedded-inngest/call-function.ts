// One request to a function through the SDK's HTTP protocol (see the SDK's InngestCommHandler),
// carried by a transport: in Herald's process the serve handler is called directly (no socket);
// tests can still reach a handler over HTTP.
import { signRequest } from "./signing";

/** Carries one SDK request to the serve handler and brings back its answer. */
export type FunctionTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface Op {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  opts?: Record<string, unknown> & { timeout?: string; if?: string };
  data?: unknown;
  error?: unknown;
}

export type CallResult =
  | { kind: "completed"; output: unknown }
  | { kind: "ops"; ops: Op[]; retryAfter: string | null }
  | { kind: "error"; error: unknown; retriable: boolean; retryAfter: string | null };

export interface CallInput {
  serveUrl: string;
  transport: FunctionTransport;
  functionId: string;
  stepId: string;
  signingKey: string;
  nowSeconds: number;
  body: {
    event: unknown;
    events: unknown;
    steps: Record<string, unknown>;
    ctx: {
      run_id: string;
      attempt: number;
      max_attempts: number;
      disable_immediate_execution: boolean;
      use_api: false;
      stack: { stack: string[]; current: number };
    };
  };
}

const CLOSED_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/** fetch's failure when the connection it reused was closed by the other side before any answer. */
function closedConnection(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error && "code" in cause && typeof cause.code === "string" && CLOSED_CONNECTION_CODES.has(cause.code);
}

/** The serve handler at a URL, over HTTP (an Inngest endpoint in another process, or a test's server). */
export function httpTransport(): FunctionTransport {
  return (url, init) =>
    fetch(url, init).catch((error: unknown) => {
      // Most often a kept-alive connection the server closed just as this request went out. Asking
      // again at once, on a new connection, is what a retry would do after its backoff (steps run
      // at least once), without the wait.
      if (closedConnection(error)) return fetch(url, init);
      throw error;
    });
}

/** The serve handler of this process, called directly with the same signed request. */
export function inProcessTransport(handler: (request: Request) => Promise<Response>): FunctionTransport {
  return (url, init) => {
    // The SDK reads the URL against the Host header, as a server's request would carry it.
    const headers = new Headers(init.headers);
    headers.set("host", new URL(url).host);
    return handler(new Request(url, { ...init, headers }));
  };
}

export async function callFunction(input: CallInput): Promise<CallResult> {
  const url = `${input.serveUrl}?fnId=${encodeURIComponent(input.functionId)}&stepId=${encodeURIComponent(input.stepId)}`;
  const payload = { version: 2, ...input.body };
  let response: Response;
  try {
    response = await input.transport(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-inngest-signature": signRequest(payload, input.signingKey, input.nowSeconds),
      },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    return { kind: "error", error: { name: "NetworkError", message: (error as Error).message }, retriable: true, retryAfter: null };
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { name: "InvalidResponse", message: text.slice(0, 500) };
  }
  const retryAfter = response.headers.get("retry-after");
  if (response.status === 200) return { kind: "completed", output: parsed };
  if (response.status === 206 && Array.isArray(parsed)) return { kind: "ops", ops: parsed as Op[], retryAfter };
  const handled = response.headers.get("x-inngest-sdk-handled") === "true";
  const noRetry = response.headers.get("x-inngest-no-retry") === "true";
  // A response the SDK did not produce (a proxy's 502, a crash) is worth retrying.
  return { kind: "error", error: parsed, retriable: !handled || (!noRetry && response.status >= 500), retryAfter };
}
