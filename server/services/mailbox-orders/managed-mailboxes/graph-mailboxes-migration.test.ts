// The data migration 20261203140000_managed_microsoft_mailboxes_through_graph: an upgraded
// installation's managed mailboxes on a Microsoft Graph domain leave password SMTP and IMAP (their
// password and server settings are dropped; one in error keeps its status, with words that say to
// check it again, which tells the workspace); a managed mailbox of the
// sandbox platform and a mailbox of the workspace's own are left as they were.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { db, type Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { createTestWorkspace } from "../../../test/factories";
import { testDomainName } from "../../../test/mailbox-order-seed";

const MIGRATION = path.resolve("prisma/migrations/20261203140000_managed_microsoft_mailboxes_through_graph/migration.sql");
const SETTINGS = {
  smtp: { host: "smtp.office365.com", port: 587, security: "starttls", username: "x" },
  imap: { host: "outlook.office365.com", port: 993, security: "tls", username: "x" },
};

it("moves the Microsoft Graph domains' managed mailboxes to Graph and leaves the others alone", async () => {
  const { workspace } = await createTestWorkspace();
  const at = now();
  const domain = (platformProvider: string) =>
    db.managedDomain.create({ data: { workspaceId: workspace.id, name: testDomainName("migrated"), platform: "microsoft", platformProvider, tenantId: "t", orderId: "ord_1", createdAt: at, updatedAt: at } });
  const [graph, sandbox] = [await domain("microsoft-graph"), await domain("sandbox")];
  const mailbox = (id: string, data: Pick<Prisma.MailboxUncheckedCreateInput, "provider" | "authType"> & Partial<Prisma.MailboxUncheckedCreateInput>) =>
    db.mailbox.create({ data: { id, workspaceId: workspace.id, label: id, email: `${id}@${graph.name}`, connectedVia: "managed", createdAt: at, updatedAt: at, ...data } });
  const suffix = workspace.id.slice(-8);
  const passwordManaged = { provider: "smtp", authType: "password", settings: SETTINGS, credentialsEncrypted: "sealed" };
  await mailbox(`mbx_broken_${suffix}`, { ...passwordManaged, status: "error", error: "The mail server refused the sign-in.", readCursor: "1:5", managedDomainId: graph.id, managedUserId: "user-ann" });
  await mailbox(`mbx_paused_${suffix}`, { ...passwordManaged, status: "disconnected", managedDomainId: graph.id, managedUserId: "user-bob" });
  await mailbox(`mbx_sandbox_${suffix}`, { provider: "sandbox", authType: "sandbox", status: "connected", managedDomainId: sandbox.id, managedUserId: "user-cy" });
  await mailbox(`mbx_own_${suffix}`, { ...passwordManaged, connectedVia: "dashboard", status: "error", error: "The mail server refused the sign-in." });

  await db.$executeRawUnsafe(await readFile(MIGRATION, "utf8"));

  const rows = await db.mailbox.findMany({ where: { workspaceId: workspace.id }, orderBy: { id: "asc" } });
  expect(rows.map((row) => [row.id.replace(`_${suffix}`, ""), row.provider, row.authType, row.status, row.error, row.settings, row.credentialsEncrypted, row.readCursor])).toEqual([
    ["mbx_broken", "microsoft-graph", "app", "error", "This managed Microsoft 365 mailbox now works through Microsoft Graph, without a password: use Check again on its page.", null, null, null],
    ["mbx_own", "smtp", "password", "error", "The mail server refused the sign-in.", SETTINGS, "sealed", null],
    ["mbx_paused", "microsoft-graph", "app", "disconnected", null, null, null, null],
    ["mbx_sandbox", "sandbox", "sandbox", "connected", null, null, null, null],
  ]);
});
