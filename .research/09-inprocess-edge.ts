// In-process invocation without sockets: `serve` from "inngest/edge" is (req: Request) => Promise<Response>.
// NOTE: the Web-API adapter builds the URL with new URL(req.url, `https://${host}`), so a Host header is REQUIRED (else "Invalid URL").
// Run: cd /work/main && npx tsx .research/09-inprocess-edge.ts
process.env.INNGEST_DEV = "1";
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9";
const { serve } = await import("inngest/edge");
const { makeClient, makeFunctions } = await import("./fns.ts");
const inngest = makeClient();
const handler = serve({ client: inngest, functions: Object.values(makeFunctions(inngest)) });
const res = await handler(new Request("http://internal/api/inngest?fnId=demo-app-tour&stepId=step", {
  method: "POST",
  headers: { "content-type": "application/json", host: "internal" },
  body: JSON.stringify({ event: { name: "demo/tour", data: { id: "u1" } }, ctx: { run_id: "01INPROC" } }),
}));
console.log(res.status, Object.fromEntries(res.headers), await res.text());
const g = await handler(new Request("http://internal/api/inngest", { method: "GET", headers: { host: "internal" } }));
console.log(g.status, await g.text());
const p = await handler(new Request("http://internal/api/inngest", { method: "PUT", headers: { host: "internal", "x-inngest-sync-kind": "in_band", "content-type": "application/json" }, body: JSON.stringify({ url: "http://localhost:3000/api/inngest" }) }));
const pj = await p.json() as { functions: { id: string }[] };
console.log(p.status, "in-band functions:", pj.functions.map((f) => f.id).join(", "));
