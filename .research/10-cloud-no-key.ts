// Cloud mode with NO signing key: what do GET / POST / PUT return?
// Run: cd /work/main && npx tsx .research/10-cloud-no-key.ts
delete process.env.INNGEST_DEV; delete process.env.INNGEST_SIGNING_KEY; process.env.INNGEST_BASE_URL = "http://127.0.0.1:9";
const { serve } = await import("inngest/edge");
const { makeClient, makeFunctions } = await import("./fns.ts");
const inngest = makeClient();
const h = serve({ client: inngest, functions: [makeFunctions(inngest).noSteps] });
for (const [m, body] of [["GET", undefined], ["POST", JSON.stringify({ event: { name: "x", data: {} }, ctx: { run_id: "r" } })], ["PUT", undefined]] as const) {
  const r = await h(new Request("http://internal/api/inngest?fnId=demo-app-no-steps&stepId=step", { method: m, body, headers: { host: "internal", "content-type": "application/json" } }));
  console.log(m, r.status, await r.text());
}
