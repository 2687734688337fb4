// The production build of Herald on a fresh database of the local PostgreSQL server
// (TEST_DATABASE_ADMIN_URL, by default the trust-auth server on 127.0.0.1), for the browser tests:
// the shared server Playwright starts (start-server.mjs) and the first-run test's own (own-workspace.ts).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts Herald on `port` (0: one the system chooses) with the database `database`, made empty first,
 * and `env` over the defaults (e.g. HERALD_DNS_SERVERS for a test DNS server).
 * Resolves once it serves, with its address and a stop() that also drops the database.
 */
export async function startHerald({ port, database, quiet = false, env = {} }) {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const child = spawn(process.execPath, [".herald/main.mjs"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url.toString(),
      HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-e2e-")),
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      HERALD_LOG_LEVEL: "warn",
      // The browser tests' webhook receivers and mail servers (smtp-server, Dovecot) listen on loopback.
      HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "1",
      HERALD_ALLOW_PRIVATE_MAIL_HOSTS: "1",
      // Owners buy AI credits through the (sandbox) billing at $10 per 1,000 (companies.spec.ts).
      HERALD_AI_CREDIT_PRICE_CENTS_PER_1000: "1000",
      ...env,
    },
  });
  let output = "";
  const bound = new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk.toString();
      if (!quiet) process.stdout.write(chunk);
      const match = /Herald is running at (https?:\/\/[^\s]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`Herald exited with ${code} before serving:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: await bound,
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}
