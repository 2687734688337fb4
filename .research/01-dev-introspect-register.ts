// Dev mode: GET (introspection) + PUT (sync/register) + inngest.send().
// Run: cd /work/main && npx tsx .research/01-dev-introspect-register.ts
process.env.INNGEST_DEV = "1";
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9401"; // fake Inngest server

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log } = await import("./lib.ts");

const fake = await startFakeInngest(9401);
const inngest = makeClient();
const fns = makeFunctions(inngest);
const handler = serve({ client: inngest, functions: Object.values(fns) });
const srv = await startHttp((req, res) => {
  if (req.url?.startsWith("/api/inngest")) return handler(req, res);
  res.writeHead(404).end();
}, 9402);

log("GET introspection (dev mode)");
await call("GET", "http://127.0.0.1:9402/api/inngest");

log("PUT (out-of-band sync): SDK will POST to ${apiBaseUrl}/fn/register");
await call("PUT", "http://127.0.0.1:9402/api/inngest");

log("PUT with deployId");
await call("PUT", "http://127.0.0.1:9402/api/inngest?deployId=dep-123", undefined, {}, { quiet: false });

log("PUT in-band sync (x-inngest-sync-kind: in_band) - returns config in the response");
await call("PUT", "http://127.0.0.1:9402/api/inngest", { url: "http://127.0.0.1:9402/api/inngest" }, { "x-inngest-sync-kind": "in_band" });

log("inngest.send() in dev mode with no event key");
const r = await inngest.send([{ name: "demo/no-steps", data: { a: 1 } }, { name: "demo/other" }]);
log("send() resolved with", r);

log("inngest.send() when fake server answers {status:400,error}");
fake.close();
const fake2 = await startFakeInngest(9401, {
  quiet: true,
  eventResponse: () => ({ status: 400, body: { error: "bad stuff", status: 400 } }),
});
try {
  await inngest.send({ name: "demo/x", data: {} });
} catch (e) {
  log("send() threw", String(e));
}
fake2.close();
srv.close();
process.exit(0);
