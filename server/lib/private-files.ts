// The data folder holds the embedded database and generated secrets: readable and writable by
// Herald's user only. New files follow the process umask (077, set in main.ts); this also tightens
// folders and files that an older Herald, or a looser umask, left open.
import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder if needed and makes it, and everything in it when `recursive`, private. */
export function makePrivate(dir: string, options: { recursive?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
  if (!options.recursive) return;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        chmodSync(full, PRIVATE_DIR_MODE);
        stack.push(full);
      } else if (entry.isFile()) {
        chmodSync(full, PRIVATE_FILE_MODE);
      }
    }
  }
}
