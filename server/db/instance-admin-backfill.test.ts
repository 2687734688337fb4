// The migration that brought instance administrators (issue 30) backfills an upgraded installation:
// its earliest user becomes the instance administrator, and the grants made before name who made them.
import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { applyMigrations } from "./migrations";

const MIGRATION = "20261202003730_instance_admins_and_credit_granters";
const workDir = await mkdtemp(path.join(tmpdir(), "herald-backfill-"));
afterAll(() => rm(workDir, { recursive: true, force: true }));

it("makes the earliest user but the demo's the instance administrator and names the earlier grants", async () => {
  const prismaDir = path.join(workDir, "prisma");
  await cp(path.resolve("prisma"), prismaDir, { recursive: true });
  const parked = path.join(workDir, MIGRATION);
  await rename(path.join(prismaDir, "migrations", MIGRATION), parked);
  const database = await startEmbeddedPostgres({ dataDir: null });
  const client = new pg.Client(database.url);
  try {
    expect(await applyMigrations(database.url, prismaDir)).not.toContain(MIGRATION);
    await client.connect();
    // The demo's account (its password is public) came first on this installation.
    await client.query(`INSERT INTO "User" (id, email, name, "createdAt", "updatedAt") VALUES
      ('usr_demo', 'demo@herald.local', 'Demo User', '2025-12-01', now()),
      ('usr_second', 'second@example.com', 'Second', '2026-02-01', now()),
      ('usr_first', 'first@example.com', 'First Owner', '2026-01-01', now()),
      ('usr_third', 'third@example.com', NULL, '2026-03-01', now())`);
    await client.query(`INSERT INTO "Workspace" (id, name, "updatedAt") VALUES ('wsp_a', 'A', now())`);
    await client.query(`INSERT INTO "AiCreditLedgerEntry" (id, "workspaceId", amount, "balanceAfter", reason, reference, "createdById") VALUES
      ('crd_welcome', 'wsp_a', 5000, 5000, 'grant', 'Welcome credits', NULL),
      ('crd_owner', 'wsp_a', 1000000, 1005000, 'grant', NULL, 'usr_second'),
      ('crd_noname', 'wsp_a', 7, 1005007, 'grant', NULL, 'usr_third'),
      ('crd_search', 'wsp_a', -25, 1004982, 'company-search', 'search 1', 'usr_second')`);

    await rename(parked, path.join(prismaDir, "migrations", MIGRATION));
    expect(await applyMigrations(database.url, prismaDir)).toEqual([MIGRATION]);
    const admins = await client.query(`SELECT id FROM "User" WHERE "instanceAdmin" ORDER BY id`);
    expect(admins.rows).toEqual([{ id: "usr_first" }]);
    const ledger = await client.query(`SELECT id, "grantSource", "grantedBy" FROM "AiCreditLedgerEntry" ORDER BY id`);
    expect(ledger.rows).toEqual([
      { id: "crd_noname", grantSource: "legacy", grantedBy: "third@example.com, a workspace member, before instance administrators" },
      { id: "crd_owner", grantSource: "legacy", grantedBy: "Second (second@example.com), a workspace member, before instance administrators" },
      { id: "crd_search", grantSource: null, grantedBy: null },
      { id: "crd_welcome", grantSource: "welcome", grantedBy: "Welcome credits" },
    ]);
  } finally {
    await client.end().catch(() => undefined);
    await database.stop();
  }
});
