// Dev mode: drive functions step by step through the SDK's HTTP protocol.
// Run: cd /work/main && npx tsx .research/02-dev-execute.ts [scenario...]
process.env.INNGEST_DEV = "1";
process.env.INNGEST_BASE_URL = "http://127.0.0.1:9411"; // fake Inngest server (event API + API)

const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, log, sha1, call } = await import("./lib.ts");
const { drive } = await import("./executor.ts");

await startFakeInngest(9411);
const inngest = makeClient();
const fns = makeFunctions(inngest);
const handler = serve({ client: inngest, functions: Object.values(fns) });
await startHttp((req, res) => handler(req, res), 9412);
const serveUrl = "http://127.0.0.1:9412/api/inngest";

const want = new Set(process.argv.slice(2));
const run = (name: string) => want.size === 0 || want.has(name);

log("Hashes (sha1 of user step id)");
for (const id of ["a", "a:1", "returns-undefined", "nap", "until", "wait-reply", "wait-match", "send-it", "call-child", "boom", "p1", "p2", "after", "complete"]) {
  console.log(`${id.padEnd(20)} ${sha1(id)}`);
}

if (run("tour")) {
  log("SCENARIO tour: every step type, sequential");
  await drive({
    serveUrl,
    fnId: "demo-app-tour",
    event: { name: "demo/tour", data: { id: "u1" }, id: "01EVT0000000000000000000", ts: 1700000000000 },
    resolveAsync: (op) => {
      if (op.op === "Sleep") return null; // server memoizes sleeps with null
      if (op.op === "WaitForEvent" && op.displayName === "wait-reply")
        return { data: { name: "demo/reply", data: { id: "u1", answer: 42 }, id: "01EVTREPLY", ts: 1700000001000 } };
      if (op.op === "WaitForEvent") return { data: null }; // timeout
      if (op.op === "InvokeFunction") return { data: { doubled: 42 } };
      return null;
    },
  });
}

if (run("flaky")) {
  log("SCENARIO flaky WITHOUT ctx.max_attempts (executor decides exhaustion)");
  await drive({ serveUrl, fnId: "demo-app-flaky", event: { name: "demo/flaky", data: {} }, maxAttempts: 3 });
  log("SCENARIO flaky WITH ctx.max_attempts=3 (SDK returns StepFailed on attempt 2)");
  await drive({ serveUrl, fnId: "demo-app-flaky", event: { name: "demo/flaky", data: {} }, maxAttempts: 3, sendMaxAttempts: true });
}

if (run("nr")) {
  log("SCENARIO step throws NonRetriableError");
  await drive({ serveUrl, fnId: "demo-app-step-non-retriable", event: { name: "demo/nr", data: {} }, maxAttempts: 4 });
}
if (run("ra")) {
  log("SCENARIO step throws RetryAfterError('30s') (one request only)");
  await drive({ serveUrl, fnId: "demo-app-step-retry-after", event: { name: "demo/ra", data: {} }, maxAttempts: 4, maxRequests: 1 }).catch((e) => log("stopped", String(e)));
}

if (run("fnthrows")) {
  for (const kind of ["plain", "nonretriable", "retryafter"]) {
    log(`SCENARIO function throws (${kind}), attempt 0 of max_attempts 4`);
    await call("POST", `${serveUrl}?fnId=demo-app-fn-throws&stepId=step`, {
      version: 2,
      event: { name: "demo/fn-throws", data: { kind } },
      events: [{ name: "demo/fn-throws", data: { kind } }],
      steps: {},
      ctx: { run_id: "01RUNFNTHROWS", attempt: 0, max_attempts: 4, disable_immediate_execution: false, use_api: false, stack: { stack: [], current: 0 } },
    });
  }
  log("SCENARIO function throws plain Error on FINAL attempt (attempt 3, max_attempts 4)");
  await call("POST", `${serveUrl}?fnId=demo-app-fn-throws&stepId=step`, {
    event: { name: "demo/fn-throws", data: { kind: "plain" } },
    steps: {},
    ctx: { run_id: "01RUNFNTHROWS", attempt: 3, max_attempts: 4 },
  });
}

if (run("parallel")) {
  log("SCENARIO parallel (Promise.all of two step.run)");
  await drive({ serveUrl, fnId: "demo-app-parallel", event: { name: "demo/parallel", data: {} } });
}

if (run("nosteps")) {
  log("SCENARIO minimal body: only event + ctx.run_id (no steps/events/version)");
  await call("POST", `${serveUrl}?fnId=demo-app-no-steps&stepId=step`, {
    event: { name: "demo/no-steps", data: { hi: 1 } },
    ctx: { run_id: "01RUNMINIMAL" },
  });
  log("SCENARIO body with no ctx at all");
  await call("POST", `${serveUrl}?fnId=demo-app-no-steps`, { event: { name: "demo/no-steps", data: { hi: 2 } } });
  log("SCENARIO unknown fnId");
  await call("POST", `${serveUrl}?fnId=nope&stepId=step`, { event: { name: "x", data: {} }, ctx: { run_id: "r" } });
  log("SCENARIO missing fnId");
  await call("POST", `${serveUrl}`, { event: { name: "x", data: {} }, ctx: { run_id: "r" } });
}

if (run("typed")) {
  log("SCENARIO typed event (eventType + zod schema): valid payload");
  await call("POST", `${serveUrl}?fnId=demo-app-typed&stepId=step`, {
    event: { name: "demo/typed", data: { email: "a@b.co" } },
    events: [{ name: "demo/typed", data: { email: "a@b.co" } }],
    ctx: { run_id: "01RUNTYPED" },
  });
  log("SCENARIO typed event: INVALID payload");
  await call("POST", `${serveUrl}?fnId=demo-app-typed&stepId=step`, {
    event: { name: "demo/typed", data: { email: "nope" } },
    events: [{ name: "demo/typed", data: { email: "nope" } }],
    ctx: { run_id: "01RUNTYPED2" },
  });
}

if (run("onfailure")) {
  log("SCENARIO onFailure handler: fnId=<fn>-failure with an inngest/function.failed event");
  const failedEvent = {
    name: "inngest/function.failed",
    data: {
      function_id: "demo-app-configured",
      run_id: "01RUNORIGINAL",
      error: { name: "Error", message: "it broke", stack: "Error: it broke\n    at ..." },
      event: { name: "demo/configured", data: { ok: true, userId: "u1" }, id: "01EVTORIG", ts: 1700000000000 },
    },
    id: "01EVTFAILED",
    ts: 1700000005000,
  };
  await drive({ serveUrl, fnId: "demo-app-configured-failure", event: failedEvent });
}

if (run("sleeper")) {
  log("SCENARIO parallel sleeps + a step.run discovered together");
  await drive({ serveUrl, fnId: "demo-app-sleeper", event: { name: "demo/sleep", data: {} } });
}

if (run("memo-shapes")) {
  // What memoized shapes does the SDK accept for a step.run result?
  const ha = sha1("a");
  for (const [label, val] of [
    ["wrapped {data: {x:1}}", { data: { x: 1 } }],
    ["raw {x:1} (unwrapped)", { x: 1 }],
    ["raw object that has ONLY a data key {data:5} (ambiguous!)", { data: 5 }],
    ["{type:'data', data: {x:1}}", { type: "data", data: { x: 1 } }],
    ["raw string 'hello'", "hello"],
    ["null", null],
    ["{error:{name,message}}", { error: { name: "Error", message: "step failed for good" } }],
    ["{type:'error', error:{...}}", { type: "error", error: { name: "TypeError", message: "typed" } }],
    ["{error: 'just a string'}", { error: "just a string" }],
  ] as const) {
    log(`MEMO SHAPE: steps[sha1('a')] = ${label}`);
    const r = await call(
      "POST",
      `${serveUrl}?fnId=demo-app-memo-echo&stepId=step`,
      {
        event: { name: "demo/memo", data: { id: "u1" } },
        steps: { [ha]: val },
        ctx: { run_id: "01RUNMEMO", stack: { stack: [ha], current: 1 } },
      },
      {},
      { quiet: true },
    );
    console.log(r.status, JSON.stringify(r.body));
  }
}

process.exit(0);
