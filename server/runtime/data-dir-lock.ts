// One Herald process owns an embedded data folder at a time: PGlite would corrupt it otherwise.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the folder's lock or throws a message naming the process that holds it. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "herald.lock");
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(lockPath, "utf8"));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. Stop that Herald first, ` +
          "or set HERALD_DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.",
      );
    }
    // The previous owner died without cleaning up (a crash or SIGKILL): take the lock over.
    writeFileSync(lockPath, String(process.pid), { mode: 0o600 });
  }
  return () => rmSync(lockPath, { force: true });
}
