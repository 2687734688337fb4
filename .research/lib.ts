// Shared helpers for the protocol verification scripts.
// Scratch code: NOT part of the project.
import http from "node:http";
import crypto from "node:crypto";

export type Captured = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

export const captured: Captured[] = [];

export function log(title: string, obj?: unknown) {
  if (obj === undefined) {
    console.log(`\n===== ${title} =====`);
  } else {
    console.log(`\n----- ${title} -----`);
    console.log(typeof obj === "string" ? obj : JSON.stringify(obj, null, 2));
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * A fake "Inngest server" (dev server / cloud API + event API) that captures
 * whatever the SDK sends to it.
 */
export function startFakeInngest(
  port: number,
  opts: {
    quiet?: boolean;
    registerResponse?: unknown;
    eventResponse?: (body: unknown) => { status: number; body: unknown };
    route?: (c: Captured) => { status: number; body: unknown } | undefined;
  } = {},
): Promise<http.Server> {
  let eventCounter = 0;
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const c: Captured = { method: req.method!, url: req.url!, headers: req.headers, body };
    captured.push(c);
    if (!opts.quiet) {
      log(`FAKE INNGEST <- ${req.method} ${req.url}`, {
        headers: req.headers,
        body: safeJson(body),
      });
    }
    const send = (status: number, obj: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(obj));
    };
    const routed = opts.route?.(c);
    if (routed) return send(routed.status, routed.body);
    if (req.method === "POST" && req.url?.startsWith("/fn/register")) {
      return send(200, opts.registerResponse ?? { ok: true, modified: true });
    }
    if (req.method === "POST" && req.url?.startsWith("/e/")) {
      if (opts.eventResponse) {
        const r = opts.eventResponse(safeJson(body));
        return send(r.status, r.body);
      }
      const arr = safeJson(body) as unknown[];
      const ids = (Array.isArray(arr) ? arr : [arr]).map(() => `evt_${++eventCounter}`);
      return send(200, { ids, status: 200 });
    }
    return send(404, { error: "not found in fake" });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export function startHttp(handler: http.RequestListener, port: number): Promise<http.Server> {
  const server = http.createServer(handler);
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

export type Resp = { status: number; headers: Record<string, string>; body: unknown; raw: string };

/** Make an HTTP request and print the exchange. */
export async function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  { quiet = false, showReqHeaders = false }: { quiet?: boolean; showReqHeaders?: boolean } = {},
): Promise<Resp> {
  const raw = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const h: Record<string, string> = { ...headers };
  if (raw !== undefined) h["content-type"] = "application/json";
  const r = await fetch(url, { method, body: raw, headers: h });
  const text = await r.text();
  const respHeaders: Record<string, string> = {};
  r.headers.forEach((v, k) => (respHeaders[k] = v));
  const out: Resp = { status: r.status, headers: respHeaders, body: safeJson(text), raw: text };
  if (!quiet) {
    log(`REQUEST ${method} ${url}`, {
      ...(showReqHeaders || Object.keys(headers).length ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    log(`RESPONSE ${r.status}`, { headers: filterHeaders(respHeaders), body: out.body });
  }
  return out;
}

export function filterHeaders(h: Record<string, string>) {
  const o: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (["date", "connection", "keep-alive", "transfer-encoding"].includes(k)) continue;
    o[k] = v;
  }
  return o;
}

export const sha1 = (s: string) => crypto.createHash("sha1").update(s).digest("hex");

export function waitMs(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
