// Cloud (production) mode: request signing, response signatures, introspection,
// register auth header, event key usage.
// Run: cd /work/main && npx tsx .research/04-cloud-signing.ts
import crypto from "node:crypto";

const SIGNING_KEY = "signkey-prod-" + "12ab".repeat(16); // 64 hex chars after prefix
const FALLBACK_KEY = "signkey-prod-" + "cd34".repeat(16);
const EVENT_KEY = "my-event-key-123";

delete process.env.INNGEST_DEV;
process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
process.env.INNGEST_SIGNING_KEY_FALLBACK = FALLBACK_KEY;
process.env.INNGEST_EVENT_KEY = EVENT_KEY;
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9421"; // both API and event API

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log, captured } = await import("./lib.ts");

// ---- Executor-side signing helpers (what our embedded executor must do) ----
/** RFC 8785-ish canonical JSON: object keys sorted recursively, JSON.stringify formatting. */
function canonicalize(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : canonicalize(x))).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalize(o[k])}`)
    .join(",")}}`;
}
/** HMAC key = signing key with /^signkey-\w+-/ removed, used as UTF-8 TEXT (not hex-decoded). */
const hmacKey = (signingKey: string) => signingKey.replace(/^signkey-[\w]+-/, "");
function signBody(body: unknown, signingKey: string, ts = Math.round(Date.now() / 1000)): string {
  const payload = body === undefined || body === "" ? "" : typeof body === "string" ? body : canonicalize(body);
  const mac = crypto.createHmac("sha256", hmacKey(signingKey)).update(payload + String(ts)).digest("hex");
  return `t=${ts}&s=${mac}`;
}
/** Verify a response signature from the SDK: HMAC over the RAW response body text + ts. */
function verifyResponse(rawBody: string, sigHeader: string, signingKey: string): boolean {
  const p = new URLSearchParams(sigHeader);
  const t = p.get("t")!;
  const s = p.get("s")!;
  const mac = crypto.createHmac("sha256", hmacKey(signingKey)).update(rawBody + t).digest("hex");
  return mac === s;
}
/** The Authorization bearer the SDK uses towards the Inngest API: prefix + sha256(hex-decoded key). */
const hashedSigningKey = (k: string) => {
  const prefix = k.match(/^signkey-[\w]+-/)?.[0] ?? "";
  return prefix + crypto.createHash("sha256").update(Buffer.from(hmacKey(k), "hex")).digest("hex");
};

await startFakeInngest(9421, { quiet: true });
const inngest = makeClient();
const fns = makeFunctions(inngest);
const handler = serve({ client: inngest, functions: Object.values(fns) });
await startHttp((req, res) => handler(req, res), 9422);
const url = "http://127.0.0.1:9422/api/inngest";

log("GET introspection, UNSIGNED (cloud mode)");
await call("GET", url);

log("GET introspection, SIGNED over empty body");
{
  const sig = signBody("", SIGNING_KEY);
  const r = await call("GET", url, undefined, { "x-inngest-signature": sig });
  log("response signature verifies?", String(verifyResponse(r.raw, r.headers["x-inngest-signature"] ?? "", SIGNING_KEY)));
}

log("GET signed with the FALLBACK key");
{
  const r = await call("GET", url, undefined, { "x-inngest-signature": signBody("", FALLBACK_KEY) }, { quiet: true });
  console.log(r.status, "authentication_succeeded=", (r.body as Record<string, unknown>).authentication_succeeded,
    "resp sig verifies with fallback key?", verifyResponse(r.raw, r.headers["x-inngest-signature"] ?? "", FALLBACK_KEY));
}

const runBody = {
  version: 2,
  event: { name: "demo/no-steps", data: { z: 1, a: [3, 2, 1], nested: { b: 2, a: 1 } }, id: "01EVT", ts: 1700000000000 },
  events: [{ name: "demo/no-steps", data: { z: 1, a: [3, 2, 1], nested: { b: 2, a: 1 } }, id: "01EVT", ts: 1700000000000 }],
  steps: {},
  ctx: { run_id: "01RUNSIGNED", attempt: 0, disable_immediate_execution: false, use_api: false, stack: { stack: [], current: 0 } },
};

log("POST run, UNSIGNED -> expect 401");
await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, runBody);

log("POST run, SIGNED (canonical JSON of body + ts)");
{
  const sig = signBody(runBody, SIGNING_KEY);
  const r = await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, runBody, { "x-inngest-signature": sig });
  log("raw response body text", r.raw);
  log("response signature verifies over raw body?", String(verifyResponse(r.raw, r.headers["x-inngest-signature"] ?? "", SIGNING_KEY)));
}

log("POST run, signed over NON-canonical JSON.stringify(body) (key order as sent)");
{
  const ts = Math.round(Date.now() / 1000);
  const mac = crypto.createHmac("sha256", hmacKey(SIGNING_KEY)).update(JSON.stringify(runBody) + ts).digest("hex");
  const r = await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, runBody, { "x-inngest-signature": `t=${ts}&s=${mac}` }, { quiet: true });
  console.log("status", r.status, JSON.stringify(r.body));
}

log("POST run, signature with hex-DECODED key (wrong) -> 401");
{
  const ts = Math.round(Date.now() / 1000);
  const mac = crypto.createHmac("sha256", Buffer.from(hmacKey(SIGNING_KEY), "hex")).update(canonicalize(runBody) + ts).digest("hex");
  const r = await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, runBody, { "x-inngest-signature": `t=${ts}&s=${mac}` }, { quiet: true });
  console.log("status", r.status, JSON.stringify(r.body));
}

log("POST run, signature timestamp 6 minutes old -> 401 (5 minute window)");
{
  const sig = signBody(runBody, SIGNING_KEY, Math.round(Date.now() / 1000) - 360);
  const r = await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, runBody, { "x-inngest-signature": sig }, { quiet: true });
  console.log("status", r.status, JSON.stringify(r.body));
}

log("POST run, signed, function with steps (206) - response signature");
{
  const b = { ...runBody, event: { name: "demo/tour", data: { id: "u1" } }, events: [{ name: "demo/tour", data: { id: "u1" } }] };
  const sig = signBody(b, SIGNING_KEY);
  const r = await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, b, { "x-inngest-signature": sig });
  log("206 response signature verifies?", String(verifyResponse(r.raw, r.headers["x-inngest-signature"] ?? "", SIGNING_KEY)));
}

log("PUT (sync), UNSIGNED, cloud mode -> SDK POSTs /fn/register with Authorization: Bearer <hashed key>");
captured.length = 0;
await call("PUT", url);
for (const c of captured) {
  log(`captured ${c.method} ${c.url}`, { authorization: c.headers.authorization, "x-inngest-sync-kind": c.headers["x-inngest-sync-kind"] });
}
log("expected bearer (prefix + sha256(hex-decoded key))", hashedSigningKey(SIGNING_KEY));

log("PUT when /fn/register answers 401 for the primary key -> SDK retries with fallback key");
{
  // restart fake with a register handler that rejects the primary key
  const http = await import("node:http");
  const seen: string[] = [];
  const srv = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} auth=${req.headers.authorization}`);
    req.resume();
    req.on("end", () => {
      const ok = req.headers.authorization === `Bearer ${hashedSigningKey(FALLBACK_KEY)}`;
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify(ok ? { ok: true, modified: false } : { error: "unauthorized" }));
    });
  });
  await new Promise<void>((r) => srv.listen(9423, "127.0.0.1", () => r()));
  process.env.INNGEST_BASE_URL = "http://127.0.0.1:9423";
  const inngest2 = makeClient();
  const h2 = serve({ client: inngest2, functions: Object.values(makeFunctions(inngest2)) });
  await startHttp((req, res) => h2(req, res), 9424);
  await call("PUT", "http://127.0.0.1:9424/api/inngest");
  log("register attempts seen by fake", seen);
  process.env.INNGEST_BASE_URL = "http://127.0.0.1:9421";
}

log("inngest.send() in cloud mode with event key");
captured.length = 0;
await inngest.send({ name: "demo/no-steps", data: { from: "cloud" } });
for (const c of captured) log(`captured ${c.method} ${c.url}`, { headers: c.headers, body: JSON.parse(c.body) });

log("inngest.send() in cloud mode WITHOUT event key -> throws before any HTTP");
{
  const noKey = makeClient({ eventKey: undefined });
  delete process.env.INNGEST_EVENT_KEY;
  noKey.setEnvVars({ INNGEST_EVENT_KEY: undefined } as never);
  const c2 = makeClient();
  try {
    await c2.send({ name: "x", data: {} });
    log("send succeeded?!");
  } catch (e) {
    log("threw", String(e).slice(0, 300));
  }
}
process.exit(0);
