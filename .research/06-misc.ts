// Misc: RunComplete op (checkpointing), invoked child call, cron event, retry of a planned step, x-inngest-req-version header.
// Run: cd /work/main && npx tsx .research/06-misc.ts
process.env.INNGEST_DEV = "1";
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9441";

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log, sha1 } = await import("./lib.ts");

await startFakeInngest(9441, { quiet: true, route: (c) => (c.url.startsWith("/v1/checkpoint/") ? { status: 200, body: {} } : undefined) });
const inngest = makeClient();
const fns = makeFunctions(inngest);
const handler = serve({ client: inngest, functions: Object.values(fns) });
await startHttp((req, res) => handler(req, res), 9442);
const url = "http://127.0.0.1:9442/api/inngest";

log("RunComplete: function finishing while async-checkpointing (ctx.fn_id + qi_id) returns 206 [RunComplete] instead of 200");
await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, {
  event: { name: "demo/no-steps", data: { q: 1 } },
  ctx: { run_id: "01RUNRC", fn_id: "fn-uuid", qi_id: "qi-1" },
});
log("sha1('complete')", sha1("complete"));

log("Invoked child: event name inngest/function.invoked (server builds it from InvokeFunction opts.payload)");
await call("POST", `${url}?fnId=demo-app-child&stepId=step`, {
  event: {
    name: "inngest/function.invoked",
    data: { n: 21, _inngest: { source_app_id: "demo-app", source_fn_id: "demo-app-tour", source_fn_v: 1, invoke_correlation_id: "01RUNPARENT.93f72581df96e9a8f01f1481b3570b4e9370a0a6" } },
    id: "01EVTINVOKE",
    ts: 1700000000000,
  },
  ctx: { run_id: "01RUNCHILD" },
});

log("Cron-triggered run: event inngest/scheduled.timer");
await call("POST", `${url}?fnId=demo-app-configured&stepId=step`, {
  event: { name: "inngest/scheduled.timer", data: { cron: "TZ=Europe/Paris 0 9 * * 1" }, id: "01EVTCRON", ts: 1700000000000 },
  ctx: { run_id: "01RUNCRON" },
});

log("Retry of a PLANNED step that throws: stepId=<hash>, attempt=1 -> StepError again (206)");
const fl = sha1("boom");
await call("POST", `${url}?fnId=demo-app-flaky&stepId=${fl}`, {
  event: { name: "demo/flaky", data: {} },
  ctx: { run_id: "01RUNRETRY", attempt: 1, max_attempts: 3, disable_immediate_execution: true },
}, {}, { quiet: true }).then((r) => console.log(r.status, r.headers["x-inngest-no-retry"], JSON.stringify(r.body).slice(0, 160)));

log("x-inngest-req-version request header = 1 -> response header echoes 2 anyway (SDK decides) ?");
await call("POST", `${url}?fnId=demo-app-no-steps&stepId=step`, {
  event: { name: "demo/no-steps", data: {} },
  ctx: { run_id: "01RUNVER" },
}, { "x-inngest-req-version": "1" }, { quiet: true }).then((r) => console.log(r.status, "x-inngest-req-version:", r.headers["x-inngest-req-version"]));

log("probe=trust POST (used by Inngest to verify the endpoint/signature)");
await call("POST", `${url}?probe=trust`, {});

log("Unknown method (DELETE)");
await call("DELETE", url);
process.exit(0);
