// Runs a worker script (server/test/fixtures/*-worker.ts) as its own Node process for the crash
// tests, optionally killing it with SIGKILL after `killAfterMs`. `killed` means this timer killed
// it, `crashed` that it was SIGKILLed otherwise (it kills itself at its worst moment), `finished`
// that it exited cleanly; any other exit fails the test.
import { spawn } from "node:child_process";

export type WorkerOutcome = "finished" | "killed" | "crashed";

export function runKillableWorker(worker: string, env: Record<string, string>, killAfterMs: number | null): Promise<WorkerOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker], {
      env: { ...process.env, HERALD_LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
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
