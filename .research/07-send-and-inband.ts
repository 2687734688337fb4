// Event API response requirements + in-band sync in cloud mode (signed).
// Run: cd /work/main && npx tsx .research/07-send-and-inband.ts
import crypto from "node:crypto";
const SIGNING_KEY = "signkey-prod-" + "ab".repeat(32);
delete process.env.INNGEST_DEV;
process.env.INNGEST_SIGNING_KEY = SIGNING_KEY;
process.env.INNGEST_EVENT_KEY = "evkey";
process.env.INNGEST_EVENT_API_BASE_URL = "http://127.0.0.1:9451"; // only events go here
process.env.INNGEST_API_BASE_URL = "http://127.0.0.1:9452"; // register/API go here

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log, captured } = await import("./lib.ts");

let mode: "ok" | "no-status" | "http500" | "status400" | "fewer-ids" = "ok";
await startFakeInngest(9451, {
  quiet: true,
  eventResponse: (b) => {
    const n = Array.isArray(b) ? b.length : 1;
    switch (mode) {
      case "ok": return { status: 200, body: { ids: Array.from({ length: n }, (_, i) => `id${i}`), status: 200 } };
      case "no-status": return { status: 200, body: { ids: ["x"] } };
      case "http500": return { status: 500, body: { error: "boom" } };
      case "status400": return { status: 400, body: { ids: [], status: 400, error: "invalid event" } };
      case "fewer-ids": return { status: 200, body: { ids: [], status: 200 } };
    }
  },
});
await startFakeInngest(9452, { quiet: true });

const inngest = makeClient();
for (const m of ["ok", "no-status", "http500", "status400", "fewer-ids"] as const) {
  mode = m;
  captured.length = 0;
  const t0 = Date.now();
  try {
    const r = await inngest.send([{ name: "a/b", data: { i: 1 } }, { name: "a/c", data: { i: 2 } }]);
    log(`send() with event API responding '${m}' -> resolved`, { result: r, httpCalls: captured.map((c) => `${c.method} ${c.url}`), ms: Date.now() - t0 });
  } catch (e) {
    log(`send() with event API responding '${m}' -> threw`, { error: String(e), httpCalls: captured.length, seeds: [...new Set(captured.map((c) => c.headers["x-inngest-event-id-seed"]))], ms: Date.now() - t0 });
  }
}

const handler = serve({ client: inngest, functions: Object.values(makeFunctions(inngest)) });
await startHttp((req, res) => handler(req, res), 9453);
const url = "http://127.0.0.1:9453/api/inngest";

const sign = (body: unknown) => {
  const ts = Math.round(Date.now() / 1000);
  const canon = JSON.stringify(body, Object.keys(body as object).sort()); // flat body only
  const s = crypto.createHmac("sha256", SIGNING_KEY.replace(/^signkey-[\w]+-/, "")).update(canon + ts).digest("hex");
  return `t=${ts}&s=${s}`;
};

log("in-band sync, cloud mode, UNSIGNED -> 401");
await call("PUT", url, { url }, { "x-inngest-sync-kind": "in_band" }, { quiet: true }).then((r) => console.log(r.status, JSON.stringify(r.body)));

log("in-band sync, cloud mode, SIGNED -> 200 with full config (response trimmed)");
{
  const body = { url: "https://public.example.com/api/inngest" };
  const r = await call("PUT", url, body, { "x-inngest-sync-kind": "in_band", "x-inngest-signature": sign(body) }, { quiet: true });
  const b = r.body as Record<string, unknown>;
  console.log(r.status, "sync-kind header:", r.headers["x-inngest-sync-kind"], "signature header present:", Boolean(r.headers["x-inngest-signature"]));
  console.log(JSON.stringify({ ...b, functions: `[${(b.functions as unknown[]).length} fn configs]`, first_fn: (b.functions as unknown[])[0] }, null, 2));
}
process.exit(0);
