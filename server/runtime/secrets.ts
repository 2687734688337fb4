// Secrets Herald needs but a first-time user should not have to invent: generated once and kept in
// the data folder (mode 0600). Set them in the environment to manage them yourself; a deployment
// with several Herald processes must do so, so that every process shares them.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "../lib/logger";
import { makePrivate } from "../lib/private-files";

const GENERATED: Record<string, () => string> = {
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  HERALD_ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
  // The embedded database's password (server/db/pglite-server.ts): generated only when the embedded
  // database starts (prepare-database.ts), kept here so psql can be pointed at it.
  HERALD_DATABASE_PASSWORD: () => randomBytes(24).toString("base64url"),
};

/** The secrets every start needs; the others are asked for where they are used. */
const AT_EVERY_START = ["AUTH_SECRET", "HERALD_ENCRYPTION_KEY"];

export function ensureSecrets(dataDir: string, names: string[] = AT_EVERY_START): void {
  const file = path.join(dataDir, "secrets.json");
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    stored = {};
  }
  let changed = false;
  for (const name of names) {
    if (process.env[name]) continue;
    if (!stored[name]) {
      const generate = GENERATED[name];
      if (!generate) continue;
      stored[name] = generate();
      changed = true;
      logger.info(`Generated ${name} and saved it in ${file}; set ${name} to manage it yourself.`);
    }
    process.env[name] = stored[name];
  }
  if (changed) {
    makePrivate(dataDir);
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
}
