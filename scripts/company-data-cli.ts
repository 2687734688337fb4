// What the company-database scripts (database-import.ts, database-generate.ts) share: the database
// Herald itself would use — DATABASE_URL, or the embedded one in the data folder, migrated first —
// and a progress line on stderr.
import path from "node:path";
import nextEnv from "@next/env";
import { disconnectDb } from "../server/db/client";
import { parseEnv } from "../server/env";
import { prepareDatabase } from "../server/runtime/prepare-database";

/** Opens the database (starting and migrating the embedded one when DATABASE_URL is unset); `close` stops it. */
export async function openDatabase(): Promise<{ description: string; close(): Promise<void> }> {
  nextEnv.loadEnvConfig(process.cwd(), false);
  const env = parseEnv();
  const database = await prepareDatabase({ dataDir: path.resolve(env.HERALD_DATA_DIR), databaseUrl: env.DATABASE_URL });
  return {
    description: database.embedded ? `the embedded database in ${database.embedded.dataDir}` : "DATABASE_URL",
    async close() {
      await disconnectDb();
      await database.stop();
    },
  };
}

/** Rewrites one status line on a terminal at most every 200 ms; elsewhere prints a line every 10 s. */
export function progressPrinter(): { print(line: string, force?: boolean): void; done(): void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  let shown = "";
  return {
    print(line, force = false) {
      const time = Date.now();
      if (line === shown || (!force && time - last < (tty ? 200 : 10_000))) return;
      last = time;
      shown = line;
      process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
    done() {
      if (tty && shown) process.stderr.write("\n");
    },
  };
}

export const count = (value: number) => Math.round(value).toLocaleString("en-US");

export function perSecond(done: number, startedAt: number): string {
  const seconds = (Date.now() - startedAt) / 1000;
  return seconds > 0 ? count(done / seconds) : "–";
}

export function bytes(value: number): string {
  if (value >= 1024 ** 3) return `${(value / 1024 ** 3).toFixed(2)} GB`;
  if (value >= 1024 ** 2) return `${(value / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(value / 1024)} KB`;
}
