// One HTTP POST to a webhook endpoint: 8-second limit, no redirects followed, and (unless the
// installation allows private targets) a connection only to public addresses, checked against the
// DNS answer actually used so a name cannot be re-pointed at an internal host after it was saved.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { allowPrivateWebhookUrls } from "../../env";
import { isPrivateAddress } from "../../lib/network-address";

export const WEBHOOK_TIMEOUT_MS = 8_000;
const MAX_RESPONSE_BYTES = 1024;

export interface WebhookResponse {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as LookupAddress[];
    const blocked = list.find((entry) => isPrivateAddress(entry.address));
    if (blocked) {
      return callback(Object.assign(new Error(`${hostname} resolves to the private address ${blocked.address}`), { code: "EPRIVATE" }), "", 0);
    }
    if (options.all) return callback(null, list as never, 0);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

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
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (guard && ((isIP(host) && isPrivateAddress(host)) || host === "localhost")) {
    return { ok: false, status: null, body: null, error: `Refused: ${host} is a private address`, durationMs: 0 };
  }

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
        lookup: guard ? publicOnlyLookup : undefined,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const conclude = () => {
          const body = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString("utf8");
          if (status >= 300 && status < 400) {
            const location = response.headers.location ? ` to ${response.headers.location}` : "";
            finish({ ok: false, status, body, error: `Redirect${location} not followed: answer with 2xx` });
          } else {
            finish({ ok: status >= 200 && status < 300, status, body, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
          }
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) conclude();
        });
        response.on("end", conclude);
        response.on("error", conclude);
      },
    );
    const timer = setTimeout(
      () => finish({ ok: false, status: null, body: null, error: `No answer within ${Math.round(timeoutMs / 1000)} seconds` }),
      timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "ECONNREFUSED" ? "Connection refused" : error.code === "ENOTFOUND" ? `Host ${target.hostname} not found` : error.message;
      finish({ ok: false, status: null, body: null, error: reason });
    });
    request.end(input.body);
  });
}
