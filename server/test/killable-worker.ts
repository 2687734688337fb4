// Runs a worker script (server/test/fixtures/*-worker.ts) as its own Node process for the crash
// tests, optionally killing it with SIGKILL after `killAfterMs`. `killed` means this timer killed
// it, `crashed` that it was SIGKILLed otherwise (it kills itself at its worst moment), `finished`
// that it exited cleanly; any other exit fails the test.
//
// The worker runs as plain JavaScript, compiled once per run by the process project's global setup
// (server/test/worker-bundles.ts), rather than through tsx, which compiled it again at every start.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync } from "node:fs";
import { inject } from "vitest";
import { workerBundle } from "./worker-bundles";

export type WorkerOutcome = "finished" | "killed" | "crashed";

/** Starts the compiled `worker` with Herald's quiet log level and `env` on top of this process's environment. */
export function spawnWorker(worker: string, env: Record<string, string>, stdio: StdioOptions = ["ignore", "inherit", "inherit"]): ChildProcess {
  const bundles = inject("heraldWorkerBundles");
  const bundle = bundles ? workerBundle(bundles, worker) : null;
  if (!bundle || !existsSync(bundle)) {
    throw new Error(`No compiled ${worker}: the process project's global setup (server/test/process-global-setup.ts) compiles the workers; run this test with \`vitest run --project process\`.`);
  }
  return spawn(process.execPath, [bundle], { env: { ...process.env, HERALD_LOG_LEVEL: "error", ...env }, stdio });
}

export function runKillableWorker(worker: string, env: Record<string, string>, killAfterMs: number | null): Promise<WorkerOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawnWorker(worker, env);
    let timedOut = false;
    const timer =
      killAfterMs === null
        ? null
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, killAfterMs);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (code === 0) resolve("finished");
      else if (signal === "SIGKILL") resolve(timedOut ? "killed" : "crashed");
      else reject(new Error(`The worker ${worker} failed (code ${code}, signal ${signal})`));
    });
  });
}
