// A real Herald process (the production build, .herald/main.mjs) for tests that kill and restart it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

const ENTRY = path.resolve(".herald/main.mjs");

export interface HeraldProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function requireBuild(): void {
  if (!existsSync(ENTRY) || !existsSync(path.resolve(".next/BUILD_ID"))) {
    throw new Error("This test runs the production build: run `npm run build` first (npm test does).");
  }
}

/** The port Herald prints once it listens ("Herald is running at http://localhost:<port>"), or null before that. */
function boundPort(output: string): number | null {
  const match = /Herald is running at https?:\/\/[^\s:/]+:(\d+)/.exec(output);
  return match ? Number(match[1]) : null;
}

/** Starts the built Herald on a port the system chooses (PORT=0) and reads the port back from its output. */
export async function startHeraldProcess(options: { databaseUrl: string; env?: Record<string, string> }): Promise<HeraldProcess> {
  requireBuild();
  let output = "";
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: options.databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-process-")),
      HERALD_LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  let port = boundPort(output);
  while (port === null) {
    if (child.exitCode !== null) throw new Error(`Herald exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`Herald did not start within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    port = boundPort(output);
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    output: () => output,
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export async function waitFor<T>(check: () => Promise<T | false | null | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * POSTs `body` to `path` so that the request is in flight when Herald is told to stop: half the
 * body, SIGTERM 300 ms later, the rest 700 ms after that. Resolves with the answer and the exit code.
 */
export async function postAcrossSigterm(
  herald: HeraldProcess,
  options: { path: string; headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string; exitCode: number | null }> {
  const target = new URL(herald.url);
  const exited = new Promise<number | null>((resolve) => herald.child.once("exit", (code) => resolve(code)));
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: options.path,
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    request.on("error", reject);
    request.write(options.body.slice(0, 10));
    setTimeout(() => {
      herald.child.kill("SIGTERM");
      setTimeout(() => request.end(options.body.slice(10)), 700);
    }, 300);
  });
  return { ...answer, exitCode: await exited };
}
