// A fresh, migrated PostgreSQL database for a benchmark (dropped afterwards), on the local server
// (TEST_DATABASE_ADMIN_URL, by default the trust-auth server on 127.0.0.1).
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `herald_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { applyMigrations } = await import("../server/db/migrations");
  await applyMigrations(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1_048_576);
}
