// Minimal reference "executor" loop used by the verification scripts.
// It drives one run of one function through the SDK's HTTP protocol and
// prints every request/response. Not production code.
import { call, log, type Resp } from "./lib.ts";

export type StepState = Record<string, unknown>; // hashedId -> {data} | {error}

export type DriveOpts = {
  serveUrl: string; // e.g. http://127.0.0.1:9402/api/inngest
  fnId: string; // composite id, e.g. demo-app-tour
  event: Record<string, unknown>;
  maxAttempts?: number; // retries + 1 ; sent as ctx.max_attempts when sendMaxAttempts
  sendMaxAttempts?: boolean;
  runId?: string;
  /** resolve async ops (Sleep / WaitForEvent / InvokeFunction) */
  resolveAsync?: (op: Record<string, unknown>) => unknown; // returns the memoized value object e.g. {data: ...}
  sign?: (body: unknown) => Record<string, string>; // extra headers (signature)
  quiet?: boolean;
  maxRequests?: number;
  extraCtx?: Record<string, unknown>;
};

export async function drive(o: DriveOpts) {
  const runId = o.runId ?? `01RUN${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const steps: StepState = {};
  const stack: string[] = [];
  let attempt = 0;
  let disableImmediate = false;
  const pendingPlanned: Record<string, unknown>[] = [];
  const maxAttempts = o.maxAttempts ?? 4;

  const body = (): Record<string, unknown> => ({
    version: 2,
    event: o.event,
    events: [o.event],
    steps: { ...steps },
    ctx: {
      run_id: runId,
      attempt,
      disable_immediate_execution: disableImmediate,
      use_api: false,
      stack: { stack: [...stack], current: stack.length },
      ...(o.sendMaxAttempts ? { max_attempts: maxAttempts } : {}),
      ...(o.extraCtx ?? {}),
    },
  });

  const post = async (stepId: string): Promise<Resp> => {
    const b = body();
    const url = `${o.serveUrl}?fnId=${encodeURIComponent(o.fnId)}&stepId=${encodeURIComponent(stepId)}`;
    return call("POST", url, b, o.sign ? o.sign(b) : {}, { quiet: o.quiet });
  };

  const memo = (id: string, value: unknown) => {
    steps[id] = value;
    stack.push(id);
  };

  let nextStepId = "step";
  for (let i = 0; i < (o.maxRequests ?? 30); i++) {
    const r = await post(nextStepId);
    nextStepId = "step";
    if (r.status === 200) {
      log(`RUN ${runId} COMPLETED`, r.body);
      return { status: "completed" as const, output: r.body, steps, runId };
    }
    if (r.status === 206) {
      const ops = r.body as Record<string, unknown>[];
      // 206 with a single StepRun / StepError / StepFailed = step result
      for (const op of ops) {
        const id = op.id as string;
        switch (op.op) {
          case "StepRun":
            memo(id, { data: op.data ?? null });
            attempt = 0;
            break;
          case "StepError":
            // retriable step failure: retry (attempt+1) unless exhausted
            if (attempt + 1 >= maxAttempts) {
              log(`executor: step ${id} exhausted retries; memoizing error`);
              memo(id, { error: op.error });
              attempt = 0;
            } else {
              attempt++;
              // re-run the same step
              if (disableImmediate || pendingPlanned.length) nextStepId = id;
            }
            break;
          case "StepFailed":
            memo(id, { error: op.error });
            attempt = 0;
            break;
          case "StepPlanned":
            pendingPlanned.push(op);
            break;
          case "Sleep":
          case "WaitForEvent":
          case "InvokeFunction":
          case "WaitForSignal":
          case "AIGateway":
          case "Gateway": {
            const v = o.resolveAsync ? o.resolveAsync(op) : { data: null };
            memo(id, v);
            break;
          }
          case "RunComplete":
            log(`RUN ${runId} COMPLETED via RunComplete op`, op.data);
            return { status: "completed" as const, output: op.data, steps, runId };
          default:
            log(`executor: unhandled op ${String(op.op)}`, op);
        }
      }
      if (pendingPlanned.length) {
        // Parallel: execute planned steps one by one with stepId=<hash>
        disableImmediate = ops.filter((x) => x.op === "StepPlanned").length > 1 || disableImmediate;
        const next = pendingPlanned.shift()!;
        nextStepId = next.id as string;
      }
      continue;
    }
    // Function-level error
    const noRetry = r.headers["x-inngest-no-retry"] === "true";
    if (!noRetry && attempt + 1 < maxAttempts) {
      attempt++;
      continue;
    }
    log(`RUN ${runId} FAILED`, { status: r.status, body: r.body, headers: r.headers });
    return { status: "failed" as const, error: r.body, steps, runId };
  }
  throw new Error("too many requests");
}
