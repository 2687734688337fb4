// The production build of Herald on a fresh database of the local PostgreSQL server
// (TEST_DATABASE_ADMIN_URL, by default the trust-auth server on 127.0.0.1), for the browser tests:
// each worker's (the `herald` fixture of own-workspace.ts), the first-run tests' own, and the
// benchmarks' (start-server.mjs).
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
 * The migrated database the browser tests' Heralds start from (e2e/global-setup.ts makes it once
 * per run and names it in HERALD_E2E_TEMPLATE): a copy starts in a moment, where a Herald on an
 * empty database first applies every migration.
 */
export function e2eTemplate() {
  return process.env.HERALD_E2E_TEMPLATE;
}

/** The test control's token of the run's Heralds (e2e/test-control.ts): set by playwright.config.ts. */
export function testControlToken() {
  return process.env.HERALD_E2E_CONTROL_TOKEN;
}

/** The address of a database of the local PostgreSQL server. */
export function databaseUrl(database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Makes `template` afresh and runs `script` on it: by default scripts/db-migrate.ts, which applies
 * every migration (the browser tests' global setup gives e2e/prepare-template.ts, which also writes
 * their company database).
 */
export async function migrateTemplate(template, script = "scripts/db-migrate.ts") {
  await admin(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${template}"`);
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, DATABASE_URL: databaseUrl(template), HERALD_LOG_LEVEL: "warn" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Migrating the browser tests' template database failed:\n${output}`))));
  });
}

export async function dropDatabase(database) {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}

/**
 * Starts Herald on `port` (0: one the system chooses) with the database `database`, made afresh
 * first (a copy of the run's migrated template when there is one, else empty), the test control on
 * when the run has a token, and `env` over the defaults (e.g. HERALD_DNS_SERVERS for a test DNS
 * server). Resolves once it serves, with its address and a stop() that also drops the database.
 */
export async function startHerald({ port, database, quiet = false, env = {} }) {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  const template = e2eTemplate();
  await admin(template ? `CREATE DATABASE "${database}" TEMPLATE "${template}"` : `CREATE DATABASE "${database}"`);
  const token = testControlToken();
  const child = spawn(process.execPath, [".herald/main.mjs"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl(database),
      HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-e2e-")),
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      HERALD_LOG_LEVEL: "warn",
      // The browser tests' webhook receivers and mail servers (smtp-server, Dovecot) listen on loopback.
      HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "1",
      HERALD_ALLOW_PRIVATE_MAIL_HOSTS: "1",
      // Owners buy AI credits through the (sandbox) billing at $10 per 1,000 (companies.spec.ts).
      HERALD_AI_CREDIT_PRICE_CENTS_PER_1000: "1000",
      ...(token ? { HERALD_TEST_CONTROL_TOKEN: token } : {}),
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
    database,
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
