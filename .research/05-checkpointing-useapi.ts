// v4 behaviours that change the wire protocol:
//  A) async checkpointing (triggered by ctx.fn_id) -> SDK calls {api}/v1/checkpoint/:runId/async
//  B) ctx.use_api=true -> SDK GETs {api}/v0/runs/:runId/batch and /actions
//  C) stepId=<hash> for a step that never appears -> StepNotFound after 10s
//  D) INNGEST_STREAMING=true -> 201 + heartbeat + final JSON envelope
// Run: cd /work/main && npx tsx .research/05-checkpointing-useapi.ts [A B C D]
process.env.INNGEST_DEV = "1";
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9431";

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log, sha1 } = await import("./lib.ts");

let checkpointStatus = 200;
await startFakeInngest(9431, {
  route: (c) => {
    if (c.url.startsWith("/v1/checkpoint/")) return { status: checkpointStatus, body: {} };
    if (c.url.endsWith("/batch")) return { status: 200, body: [{ name: "demo/tour", data: { id: "from-api" }, id: "01EVTAPI", ts: 1 }] };
    if (c.url.endsWith("/actions")) return { status: 200, body: { [sha1("a")]: { data: { x: "from-api" } } } };
    return undefined;
  },
});
const inngest = makeClient();
const fns = makeFunctions(inngest);
const handler = serve({ client: inngest, functions: Object.values(fns) });
await startHttp((req, res) => handler(req, res), 9432);
const url = "http://127.0.0.1:9432/api/inngest";

const want = new Set(process.argv.slice(2));
const run = (n: string) => want.size === 0 || want.has(n);

const baseBody = (extraCtx: Record<string, unknown> = {}, steps: Record<string, unknown> = {}) => ({
  version: 2,
  event: { name: "demo/tour", data: { id: "u1" } },
  events: [{ name: "demo/tour", data: { id: "u1" } }],
  steps,
  ctx: { run_id: "01RUNCKPT", attempt: 0, disable_immediate_execution: false, use_api: false, stack: { stack: Object.keys(steps), current: Object.keys(steps).length }, ...extraCtx },
});

if (run("A")) {
  log("A1: ctx.fn_id + ctx.qi_id set -> async checkpointing: steps are POSTed to /v1/checkpoint/:runId/async and execution CONTINUES in the same request");
  await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, baseBody({ fn_id: "11111111-2222-3333-4444-555555555555", qi_id: "qi-1" }));

  log("A2: ctx.fn_id set but NO qi_id -> checkpoint throws internally, SDK falls back to returning the buffered step(s)");
  await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, baseBody({ fn_id: "11111111-2222-3333-4444-555555555555" }));

  log("A3: checkpoint endpoint answers 409 (stale dispatch)");
  checkpointStatus = 409;
  await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, baseBody({ fn_id: "11111111-2222-3333-4444-555555555555", qi_id: "qi-1" }));
  checkpointStatus = 200;

  log("A4: no ctx.fn_id -> classic step-by-step (one StepRun per request)");
  await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, baseBody(), {}, { quiet: true }).then((r) => console.log(r.status, JSON.stringify(r.body).slice(0, 200)));
}

if (run("B")) {
  log("B: ctx.use_api=true -> SDK fetches events & steps from the API instead of the body");
  await call("POST", `${url}?fnId=demo-app-tour&stepId=step`, { ...baseBody({ use_api: true }), event: {}, events: [] });
}

if (run("C")) {
  log("C: stepId=<hash> of a step that the function never reaches -> StepNotFound after ~10s");
  const t0 = Date.now();
  await call("POST", `${url}?fnId=demo-app-tour&stepId=${sha1("does-not-exist")}`, baseBody({ disable_immediate_execution: true }));
  log("elapsed ms", String(Date.now() - t0));
}

if (run("D")) {
  log("D: INNGEST_STREAMING=true -> POST answered 201 immediately; body = heartbeat spaces + final JSON envelope");
  process.env.INNGEST_STREAMING = "true";
  const inngestS = makeClient();
  const hS = serve({ client: inngestS, functions: Object.values(makeFunctions(inngestS)) });
  await startHttp((req, res) => hS(req, res), 9433);
  const r = await call("POST", `http://127.0.0.1:9433/api/inngest?fnId=demo-app-tour&stepId=step`, baseBody());
  log("raw streamed body", JSON.stringify(r.raw));
  delete process.env.INNGEST_STREAMING;
}
process.exit(0);
