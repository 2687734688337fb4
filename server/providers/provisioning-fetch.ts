// HTTP for the real provisioning adapters (Name.com, Microsoft Graph), turning what goes wrong on the
// wire into the ProvisioningError kinds the pipeline acts on. The line that matters: a request that
// must not simply be sent again (`effect: "once"`, e.g. a registration) whose answer never came back
// may have taken effect, so it is a `timeout` (the caller asks before sending it again); a read or a
// request that is harmless to repeat (`"repeatable"`) is `transient`, and so is a connection that
// was never made, since nothing was sent.
import { ProvisioningError } from "./provisioning-error";

export type RequestEffect = "repeatable" | "once";

export interface ProvisioningRequest {
  /** The service in words, for messages (`Name.com`). */
  service: string;
  /** What the call does, in words (`registering acme.com`). */
  what: string;
  effect: RequestEffect;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Error codes of a connection that could not be opened: nothing reached the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The ProvisioningError for a request that got no (complete) answer. */
export function lostAnswerError(request: ProvisioningRequest, error: unknown): ProvisioningError {
  if (isTimeout(error)) {
    return request.effect === "once"
      ? new ProvisioningError("timeout", `${request.service} did not answer in time while ${request.what}; it may have happened`, { cause: error })
      : new ProvisioningError("transient", `${request.service} did not answer in time while ${request.what}`, { cause: error });
  }
  const code = causeCode(error);
  if (code && NOT_SENT_CODES.has(code)) {
    return new ProvisioningError("transient", `${request.service} could not be reached while ${request.what}`, { cause: error });
  }
  return request.effect === "once"
    ? new ProvisioningError("timeout", `The connection to ${request.service} broke while ${request.what}; it may have happened`, { cause: error })
    : new ProvisioningError("transient", `The connection to ${request.service} broke while ${request.what}`, { cause: error });
}

export interface ProvisioningAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
  text: string;
  /** The answer's bytes as received (a message's MIME, which may not be UTF-8). */
  bytes: Buffer;
}

/** Sends the request and reads the whole answer; throws a ProvisioningError when none came back. */
export async function provisioningFetch(url: string, init: RequestInit, request: ProvisioningRequest): Promise<ProvisioningAnswer> {
  const send = request.fetch ?? fetch;
  try {
    const response = await send(url, { ...init, signal: AbortSignal.timeout(request.timeoutMs) });
    // The body is part of the answer: a connection cut while it streams is an answer lost too.
    // Read as bytes: a message's MIME may hold 8-bit text that is not UTF-8, kept as it came.
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString("utf8");
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: response.status, ok: response.ok, body, text, bytes };
  } catch (error) {
    throw lostAnswerError(request, error);
  }
}

/** Status codes that say "not now" rather than "no": retried. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Collapses a provider's message to one short line. */
export function shortDetail(detail: string): string {
  return detail.replace(/\s+/g, " ").trim().slice(0, 200);
}
