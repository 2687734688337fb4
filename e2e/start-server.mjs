// Starts the production build of Herald for the browser tests, on a fresh database of the local
// PostgreSQL server (TEST_DATABASE_ADMIN_URL, by default the trust-auth server on 127.0.0.1).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT ?? "3917";
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const database = `herald_e2e_${port}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${database}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
const child = spawn(process.execPath, [".herald/main.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    HOST: "127.0.0.1",
    DATABASE_URL: url.toString(),
    HERALD_DATA_DIR: mkdtempSync(path.join(tmpdir(), "herald-e2e-")),
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    HERALD_LOG_LEVEL: "warn",
    // The browser tests' webhook receiver listens on loopback.
    HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "1",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
