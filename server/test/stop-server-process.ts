// Stops a test server started as a child process (Dovecot, named) and removes its folder: SIGTERM,
// then SIGKILL if it has not exited within five seconds.
import type { ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";

export async function stopServerProcess(running: ChildProcess, folder: string): Promise<void> {
  if (running.exitCode === null && running.signalCode === null) {
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGTERM");
    const timer = setTimeout(() => running.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(folder, { recursive: true, force: true });
}
