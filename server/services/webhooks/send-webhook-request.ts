// One HTTP POST to a webhook endpoint: 8-second limit, no redirects followed, and (unless the
// installation allows private targets) a connection only to public addresses, checked against the
// DNS answer actually used so a name cannot be re-pointed at an internal host after it was saved.
import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";
import { allowPrivateWebhookUrls } from "../../env";
import { shortenText } from "../../lib/shorten-text";
import { bareHostname, publicOnlyLookup, RefusedTargetError, refusedHostReason } from "../../lib/public-target";

export const WEBHOOK_TIMEOUT_MS = 8_000;
/** Bytes of the receiver's answer read; what is kept is shortened to RESPONSE_EXCERPT_CHARACTERS. */
const MAX_RESPONSE_BYTES = 4096;
const RESPONSE_EXCERPT_CHARACTERS = 1000;
const REFUSED_NOTE = "This installation delivers webhooks to public addresses only.";

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
  const guard = !allowPrivateWebhookUrls();
  // IP literals never reach a lookup function, so they are judged here; names are judged by the
  // lookup the socket connects with.
  const refusedHost = guard ? refusedHostReason(bareHostname(target)) : null;
  if (refusedHost) return { ok: false, status: null, body: null, error: `Refused: ${refusedHost}. ${REFUSED_NOTE}`, durationMs: 0 };

  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookResponse, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const transport = target.protocol === "https:" ? https : http;
    const request = transport.request(
      target,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Herald-Webhooks/1.0",
          "content-length": Buffer.byteLength(input.body),
          ...input.headers,
        },
        lookup: guard ? publicOnlyLookup() : undefined,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const conclude = (complete: boolean) => {
          const body = responseExcerpt(chunks, complete);
          if (status >= 300 && status < 400) {
            const location = response.headers.location ? ` to ${shortenText(response.headers.location, 200)}` : "";
            finish({ ok: false, status, body, error: `Redirect${location} not followed: answer with 2xx` });
          } else {
            finish({ ok: status >= 200 && status < 300, status, body, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
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
      timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
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
}
