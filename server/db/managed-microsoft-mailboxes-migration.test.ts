// The migration that moved managed Microsoft 365 mailboxes to Microsoft Graph (issue 34): an upgraded
// installation's mailboxes on a Microsoft Graph domain leave password SMTP and IMAP (their password
// and server settings are dropped, a refused sign-in is cleared); a Google or sandbox-platform
// managed mailbox and a mailbox of the workspace's own are left as they were.
import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { applyMigrations } from "./migrations";

const MIGRATION = "20261203140000_managed_microsoft_mailboxes_through_graph";
const workDir = await mkdtemp(path.join(tmpdir(), "herald-graph-mailboxes-"));
afterAll(() => rm(workDir, { recursive: true, force: true }));

it("moves the Microsoft Graph domains' managed mailboxes to Graph and leaves the others alone", async () => {
  const prismaDir = path.join(workDir, "prisma");
  await cp(path.resolve("prisma"), prismaDir, { recursive: true });
  const parked = path.join(workDir, MIGRATION);
  await rename(path.join(prismaDir, "migrations", MIGRATION), parked);
  const database = await startEmbeddedPostgres({ dataDir: null });
  const client = new pg.Client(database.url);
  try {
    expect(await applyMigrations(database.url, prismaDir)).not.toContain(MIGRATION);
    await client.connect();
    await client.query(`INSERT INTO "Workspace" (id, name, "updatedAt") VALUES ('wsp_a', 'A', now())`);
    await client.query(`INSERT INTO "ManagedDomain" (id, "workspaceId", name, platform, "platformProvider", "tenantId", "orderId", "createdAt", "updatedAt") VALUES
      ('mdm_ms', 'wsp_a', 'acme-mail.com', 'microsoft', 'microsoft-graph', 'tenant-1', 'ord_1', now(), now()),
      ('mdm_sb', 'wsp_a', 'acme-sandbox.com', 'microsoft', 'sandbox', 'sbx-tenant', 'ord_1', now(), now())`);
    const settings = `'{"smtp":{"host":"smtp.office365.com","port":587,"security":"starttls","username":"x"},"imap":{"host":"outlook.office365.com","port":993,"security":"tls","username":"x"}}'`;
    await client.query(`INSERT INTO "Mailbox" (id, "workspaceId", label, email, provider, "authType", "connectedVia", status, error, settings, "credentialsEncrypted", "readCursor", "managedDomainId", "managedUserId", "createdAt", "updatedAt") VALUES
      ('mbx_broken', 'wsp_a', 'a', 'ann@acme-mail.com', 'smtp', 'password', 'managed', 'error', 'The mail server refused the sign-in.', ${settings}, 'sealed', '1:5', 'mdm_ms', 'user-ann', now(), now()),
      ('mbx_paused', 'wsp_a', 'b', 'bob@acme-mail.com', 'smtp', 'password', 'managed', 'disconnected', NULL, ${settings}, 'sealed', NULL, 'mdm_ms', 'user-bob', now(), now()),
      ('mbx_sandbox', 'wsp_a', 'c', 'cy@acme-sandbox.com', 'sandbox', 'sandbox', 'managed', 'connected', NULL, NULL, NULL, NULL, 'mdm_sb', 'user-cy', now(), now()),
      ('mbx_own', 'wsp_a', 'd', 'dee@own.example', 'smtp', 'password', 'dashboard', 'error', 'The mail server refused the sign-in.', ${settings}, 'sealed', NULL, NULL, NULL, now(), now())`);

    await rename(parked, path.join(prismaDir, "migrations", MIGRATION));
    expect(await applyMigrations(database.url, prismaDir)).toEqual([MIGRATION]);
    const rows = await client.query(`SELECT id, provider, "authType", status, error, settings IS NULL AS "noSettings", "credentialsEncrypted", "readCursor" FROM "Mailbox" ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: "mbx_broken", provider: "microsoft-graph", authType: "app", status: "connected", error: null, noSettings: true, credentialsEncrypted: null, readCursor: null },
      { id: "mbx_own", provider: "smtp", authType: "password", status: "error", error: "The mail server refused the sign-in.", noSettings: false, credentialsEncrypted: "sealed", readCursor: null },
      { id: "mbx_paused", provider: "microsoft-graph", authType: "app", status: "disconnected", error: null, noSettings: true, credentialsEncrypted: null, readCursor: null },
      { id: "mbx_sandbox", provider: "sandbox", authType: "sandbox", status: "connected", error: null, noSettings: true, credentialsEncrypted: null, readCursor: null },
    ]);
  } finally {
    await client.end().catch(() => undefined);
    await database.stop();
  }
});
