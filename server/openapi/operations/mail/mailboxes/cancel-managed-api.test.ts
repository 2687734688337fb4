// POST /email-accounts/{id}/cancel-managed and the `managed` object: every rule of the spec, in its
// order (404, 409 not-managed, 403 not-allowed, 409 admin-mailbox), the domain closed after its admin
// mailbox is cancelled, and the domain's renewal stopped with its last mailbox.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setRegistrar } from "@/server/providers/registrar";
import { forgetApiKeys } from "@/server/services/api-keys/api-key-cache";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "@/server/test/factories";
import { fakeRegistrar } from "@/server/test/fakes/fake-order-providers";
import { seedManagedMailboxes } from "@/server/test/managed-mailbox-seed";

// Cancelling only ever stops the registrar's automatic renewal: any other call fails the test.
let registrar: ReturnType<typeof fakeRegistrar>;

beforeEach(() => {
  registrar = fakeRegistrar({ only: ["setAutoRenew"] });
  setRegistrar(registrar.registrar);
});
afterEach(() => setRegistrar(undefined));

async function ownerKey() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

function cancel(key: string, id: string, body?: unknown) {
  return callApi("POST", `/email-accounts/${id}/cancel-managed`, { key, body: body ?? {} });
}

describe("cancel-managed", () => {
  it("answers 404 for an unknown mailbox and for another workspace's", async () => {
    const { key } = await ownerKey();
    const other = await ownerKey();
    const { mailboxes } = await seedManagedMailboxes(other.workspace.id);
    expect((await cancel(key, "mbx_unknown")).body).toMatchObject({ error: { code: "not-found" } });
    const response = await cancel(key, mailboxes[1]!.id);
    expect(response.status).toBe(404);
  });

  it("answers 409 not-managed for a mailbox the workspace connected itself", async () => {
    const { key, workspace } = await ownerKey();
    const own = await saveConnectedMailbox({ workspaceId: workspace.id, email: "own@example.com", provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });
    const response = await cancel(key, own.id);
    expect(response.status).toBe(409);
    expect(response.body?.error.code).toBe("not-managed");
    expect(response.body?.error.message).toContain("own@example.com");
  });

  it("answers 403 not-allowed when the API key's creator may not manage billing, and lets it once they may", async () => {
    const { workspace } = await createTestWorkspace();
    const user = await createTestUser();
    await db.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role: "admin", canManageBilling: false } });
    const { key } = await createTestApiKey({ userId: user.id, workspaceId: workspace.id, role: "admin", canManageBilling: false });
    const { mailboxes } = await seedManagedMailboxes(workspace.id);
    const refused = await cancel(key, mailboxes[1]!.id);
    expect(refused.status).toBe(403);
    expect(refused.body?.error.code).toBe("not-allowed");
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailboxes[1]!.id } })).managedStatus).toBe("active");

    await db.membership.update({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: user.id } }, data: { canManageBilling: true } });
    // No service grants billing yet; what one would do after its commit (api-key-cache.ts).
    forgetApiKeys();
    expect((await cancel(key, mailboxes[1]!.id)).status).toBe(200);
  });

  it("cancels at the renewal date, with the managed-mailbox gate and the email channel off, and repeats the same answer", async () => {
    const { key, workspace } = await ownerKey();
    await db.workspace.update({ where: { id: workspace.id }, data: { managedMailboxesEnabled: false, emailChannelEnabled: false } });
    const { mailboxes, domain } = await seedManagedMailboxes(workspace.id);
    const sales = mailboxes[1]!;
    const first = await cancel(key, sales.id);
    expect(first.status).toBe(200);
    expect(first.body?.data).toMatchObject({
      cancelAt: sales.managedRenewsAt!.toISOString(),
      account: {
        id: sales.id,
        connectedVia: "managed",
        managed: { provider: "google", domain: domain.name, status: "cancelling", cancelAt: sales.managedRenewsAt!.toISOString(), isAdmin: false },
      },
    });
    const again = await cancel(key, sales.id);
    expect(again.status).toBe(200);
    expect(again.body?.data.cancelAt).toBe(first.body?.data.cancelAt);
    expect(again.body?.data.account.managed).toEqual(first.body?.data.account.managed);
    // The admin mailbox still runs: the domain keeps renewing.
    expect(registrar.autoRenew).toEqual([]);
    expect(await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).toMatchObject({ status: "active", renewalStoppedAt: null, adminCancelledAt: null });
  });

  it("asks for confirmAdmin before cancelling the admin mailbox while others run, then closes the domain", async () => {
    const { key, workspace } = await ownerKey();
    const { mailboxes, domain } = await seedManagedMailboxes(workspace.id, { mailboxes: ["admin", "sales", "ops"] });
    const admin = mailboxes[0]!;
    const refused = await cancel(key, admin.id);
    expect(refused.status).toBe(409);
    expect(refused.body?.error.code).toBe("admin-mailbox");
    expect(refused.body?.error.message).toContain(domain.name);
    expect((await cancel(key, admin.id, { confirmAdmin: false })).body?.error.code).toBe("admin-mailbox");
    expect((await cancel(key, admin.id, { confirmAdmin: "yes" })).status).toBe(400);

    const confirmed = await cancel(key, admin.id, { confirmAdmin: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body?.data.account.managed).toMatchObject({ isAdmin: true, status: "cancelling" });
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).adminCancelledAt).not.toBeNull();
    expect(registrar.autoRenew).toEqual([]);
  });

  it("cancels the admin mailbox without confirmAdmin once the others are cancelling, and stops the domain's renewal with it", async () => {
    const { key, workspace } = await ownerKey();
    const { mailboxes, domain } = await seedManagedMailboxes(workspace.id);
    expect((await cancel(key, mailboxes[1]!.id)).status).toBe(200);
    const admin = await cancel(key, mailboxes[0]!.id);
    expect(admin.status).toBe(200);
    expect(registrar.autoRenew).toEqual([{ name: domain.name, enabled: false }]);
    const stopped = await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } });
    expect(stopped).toMatchObject({ status: "expiring" });
    expect(stopped.renewalStoppedAt).not.toBeNull();
    expect(stopped.adminCancelledAt).not.toBeNull();
  });
});

describe("the managed object and removal", () => {
  it("shows managed on GET and in the list (null for the workspace's own), and keeps DELETE at 409 managed-mailbox", async () => {
    const { key, workspace } = await ownerKey();
    const { mailboxes, domain } = await seedManagedMailboxes(workspace.id, { platform: "microsoft" });
    await saveConnectedMailbox({ workspaceId: workspace.id, email: "own@example.com", provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });
    const admin = mailboxes[0]!;
    const got = await callApi("GET", `/email-accounts/${admin.id}`, { key });
    expect(got.body?.data.managed).toEqual({
      provider: "microsoft",
      domain: domain.name,
      status: "active",
      renewsAt: admin.managedRenewsAt!.toISOString(),
      cancelAt: null,
      isAdmin: true,
      renewalProblem: null,
    });
    const list = await callApi("GET", "/email-accounts", { key });
    const byEmail = new Map(list.body?.data.map((row: { email: string; managed: unknown }) => [row.email, row.managed]));
    expect(byEmail.get("own@example.com")).toBeNull();
    expect(byEmail.get(admin.email)).toMatchObject({ domain: domain.name, isAdmin: true });
    expect(byEmail.get(mailboxes[1]!.email)).toMatchObject({ domain: domain.name, isAdmin: false });

    const removed = await callApi("DELETE", `/email-accounts/${admin.id}`, { key });
    expect(removed.status).toBe(409);
    expect(removed.body?.error.code).toBe("managed-mailbox");
  });
});
