// One HTTP POST to a webhook endpoint: 8-second limit, no redirects followed, and (unless the
// installation allows private targets) a connection only to public addresses, checked against the
// DNS answer actually used so a name cannot be re-pointed at an internal host after it was saved.
import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { allowPrivateWebhookUrls } from "../../env";
import { shortenText } from "../../lib/shorten-text";
import { bareHostname, publicOnlyLookup, RefusedTargetError, refusedHostReason } from "../../lib/public-target";
import { sandboxReceiverToken } from "./sandbox-receiver/receiver-address";
import { receiveSandboxWebhook } from "./sandbox-receiver/receive-sandbox-webhook";

export const WEBHOOK_TIMEOUT_MS = 8_000;
/** Bytes of the receiver's answer read; what is kept is shortened to RESPONSE_EXCERPT_CHARACTERS. */
const MAX_RESPONSE_BYTES = 4096;
const RESPONSE_EXCERPT_CHARACTERS = 1000;
const REFUSED_NOTE = "This installation delivers webhooks to public addresses only.";

/**
 * Idle connections kept open per endpoint origin, and how long an idle one is kept. How many are
 * open at once is not capped: a request queued for a free connection would spend its 8 seconds
 * waiting, and endpoints sharing an origin (many workspaces on one automation service) would
 * time each other out into auto-disabling.
 */
const IDLE_SOCKETS_PER_ORIGIN = 16;
const IDLE_SOCKET_MS = 15_000;
const MAX_AGENTS = 1000;
const agents = new Map<string, http.Agent>();

/**
 * One kept-alive agent per endpoint origin (and guard setting): consecutive deliveries to an
 * endpoint reuse its connections instead of a TCP (and TLS) handshake each. A reused socket stays
 * connected to the address checked when it was opened, so the public-address guard still holds.
 */
function agentFor(target: URL, guard: boolean): http.Agent {
  const key = `${guard ? "guarded" : "open"} ${target.origin}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      const [oldest] = agents.keys();
      agents.get(oldest!)?.destroy();
      agents.delete(oldest!);
    }
    const options = { keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_ORIGIN, timeout: IDLE_SOCKET_MS, scheduling: "lifo" as const };
    agent = target.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept-alive connections (tests; a process that stops). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export interface WebhookResponse {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** The receiver's answer as text: a multi-byte character cut off by the byte limit is dropped, not garbled. */
function responseExcerpt(chunks: Buffer[], complete: boolean): string {
  const bytes = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES);
  const text = new TextDecoder("utf-8").decode(bytes, { stream: !complete });
  if (complete || !text) return shortenText(text, RESPONSE_EXCERPT_CHARACTERS);
  // The answer went on: its last word may be cut by the byte limit, so it is always shortened.
  return shortenText(text, Math.min(RESPONSE_EXCERPT_CHARACTERS, Array.from(text).length - 1));
}

export async function sendWebhookRequest(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let target: URL;
  try {
    target = new URL(input.url);
  } catch {
    return { ok: false, status: null, body: null, error: "The endpoint URL is not valid", durationMs: 0 };
  }
  const headers: Record<string, string | number> = {
    "content-type": "application/json",
    "user-agent": "Herald-Webhooks/1.0",
    "content-length": Buffer.byteLength(input.body),
    ...input.headers,
  };
  // The Sandbox's built-in receiver is Herald itself: recorded here, with no connection made, so no
  // guard is needed (docs/security.md).
  const receiverToken = sandboxReceiverToken(target);
  if (receiverToken) {
    const answer = await receiveSandboxWebhook({
      token: receiverToken,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
      body: input.body,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, status: answer.status, body: answer.body, error: ok ? null : `HTTP ${answer.status}`, durationMs: elapsed() };
  }
  const guard = !allowPrivateWebhookUrls();
  // IP literals never reach a lookup function, so they are judged here; names are judged by the
  // lookup the socket connects with.
  const refusedHost = guard ? refusedHostReason(bareHostname(target)) : null;
  if (refusedHost) return { ok: false, status: null, body: null, error: `Refused: ${refusedHost}. ${REFUSED_NOTE}`, durationMs: 0 };

  const agent = agentFor(target, guard);
  const attempt = (mayRetry: boolean) =>
    new Promise<WebhookResponse | "retry">((resolve) => {
      let settled = false;
      const finish = (result: Omit<WebhookResponse, "durationMs">, keepConnection = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // A fully read answer leaves its connection to the agent for the next delivery; anything
        // else (a timeout, an answer cut at the byte limit, an error) closes it.
        if (!keepConnection) request.destroy();
        resolve({ ...result, durationMs: elapsed() });
      };
      const transport = target.protocol === "https:" ? https : http;
      const request = transport.request(
        target,
        {
          method: "POST",
          headers,
          lookup: guard ? publicOnlyLookup() : undefined,
          agent,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          const conclude = (complete: boolean) => {
            const body = responseExcerpt(chunks, complete);
            if (status >= 300 && status < 400) {
              const location = response.headers.location ? ` to ${shortenText(response.headers.location, 200)}` : "";
              finish({ ok: false, status, body, error: `Redirect${location} not followed: answer with 2xx` }, complete);
            } else {
              finish({ ok: status >= 200 && status < 300, status, body, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }, complete);
            }
          };
          response.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= MAX_RESPONSE_BYTES) conclude(false);
          });
          response.on("end", () => conclude(true));
          response.on("error", () => conclude(false));
        },
      );
      const timer = setTimeout(
        () => finish({ ok: false, status: null, body: null, error: `No answer within ${Math.round(timeoutMs / 1000)} seconds` }),
        Math.max(0, timeoutMs - elapsed()),
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the receiver closed just as this request went out: nothing was
        // answered, so the request goes again at once on a new connection (as Node's docs advise).
        if (mayRetry && request.reusedSocket && error.code === "ECONNRESET" && !settled) {
          settled = true;
          clearTimeout(timer);
          return resolve("retry");
        }
        const reason =
          error instanceof RefusedTargetError
            ? `Refused: ${error.message}. ${REFUSED_NOTE}`
            : error.code === "ECONNREFUSED"
              ? "Connection refused"
              : error.code === "ENOTFOUND" || error.code === "EAI_AGAIN"
                ? `The host ${target.hostname} does not resolve`
                : error.message;
        finish({ ok: false, status: null, body: null, error: reason });
      });
      request.end(input.body);
    });
  const first = await attempt(true);
  return first === "retry" ? ((await attempt(false)) as WebhookResponse) : first;
}
