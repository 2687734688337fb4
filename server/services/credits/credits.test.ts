import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { addTestCredits, createTestInstanceAdmin, createTestUser, createTestWorkspace } from "../../test/factories";
import { debitAiCredits } from "./debit-ai-credits";
import { grantAiCredits } from "./grant-ai-credits";
import { listCreditLedger } from "./list-credit-ledger";
import { refundAiCredits } from "./refund-ai-credits";
import { ZGrantCreditsInput } from "../../schemas/credits";

const grant = (amount: number, reason = "Pilot", workspaceId?: string) => ZGrantCreditsInput.parse({ amount, reason, workspaceId });

describe("AI credits", () => {
  it("records every credit and debit with the balance after it", async () => {
    const { actor } = await createTestWorkspace();
    await addTestCredits(actor.workspaceId, 100, "Top-up");
    await debitAiCredits({ workspaceId: actor.workspaceId, amount: 30, reason: "company-search", reference: "search 1" });
    await debitAiCredits({ workspaceId: actor.workspaceId, amount: 5, reason: "reply-classification" });
    const ledger = await listCreditLedger(actor, { limit: 50, offset: 0 });
    expect(ledger.balance).toBe(65);
    expect(ledger.total).toBe(3);
    expect(ledger.entries.map((entry) => [entry.amount, entry.balanceAfter, entry.reason, entry.grantedBy?.name ?? null])).toEqual([
      [-5, 65, "reply-classification", null],
      [-30, 70, "company-search", null],
      [100, 100, "grant", "Sandbox billing"],
    ]);
  });

  it("never lets concurrent debits take the balance below zero", async () => {
    const { actor } = await createTestWorkspace();
    await addTestCredits(actor.workspaceId, 10);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => debitAiCredits({ workspaceId: actor.workspaceId, amount: 3, reason: "company-search" })),
    );
    const succeeded = results.filter((result) => result.status === "fulfilled").length;
    expect(succeeded).toBe(3);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason.code).toBe("insufficient-credits");
    }
    const workspace = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } });
    expect(workspace.aiCreditBalance).toBe(1);
    const sum = await db.aiCreditLedgerEntry.aggregate({ where: { workspaceId: actor.workspaceId }, _sum: { amount: true } });
    expect(sum._sum.amount).toBe(1);
  });

  it("a refund names no granter", async () => {
    const { actor } = await createTestWorkspace();
    await refundAiCredits({ workspaceId: actor.workspaceId, amount: 3, reference: "failed search" });
    const [entry] = (await listCreditLedger(actor, { limit: 5, offset: 0 })).entries;
    expect(entry).toMatchObject({ amount: 3, reason: "refund", grantedBy: null });
  });
});

describe("granting AI credits (issue 30: an installation-level matter)", () => {
  it("refuses a workspace owner, a billing manager, a member and an approver who are not instance administrators, in plain words", async () => {
    const owner = await createTestWorkspace({ role: "owner" });
    const billingAdmin = await createTestWorkspace({ role: "admin", canManageBilling: true });
    const member = await createTestWorkspace({ role: "member" });
    const approver = await createTestWorkspace({ role: "approver" });
    for (const { actor } of [owner, billingAdmin, member, approver]) {
      await expect(grantAiCredits(actor, grant(1_000_000, "free searches"))).rejects.toMatchObject({
        status: 403,
        code: "forbidden",
        message: expect.stringMatching(/^Only an instance administrator can grant AI credits\./),
      });
    }
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: owner.actor.workspaceId } })).toBe(0);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: owner.actor.workspaceId } })).aiCreditBalance).toBe(0);
  });

  it("lets an instance administrator grant to any workspace, with a reason, and the ledger names them", async () => {
    const admin = await createTestInstanceAdmin({ name: "Ada Admin", email: `ada-${Date.now()}@example.com` });
    const mine = await createTestWorkspace({ userId: admin.id });
    const theirs = await createTestWorkspace();

    const entry = await grantAiCredits(mine.actor, grant(250, "Pilot for the sales team", theirs.actor.workspaceId));
    expect(entry).toMatchObject({ amount: 250, balanceAfter: 250, reason: "grant", reference: "Pilot for the sales team" });
    expect(entry.grantedBy).toEqual({ source: "instance-admin", name: `Ada Admin (${admin.email})` });
    // The workspace's owner sees who granted what in their ledger.
    const ledger = await listCreditLedger(theirs.actor, { limit: 10, offset: 0 });
    expect(ledger.balance).toBe(250);
    expect(ledger.entries).toEqual([entry]);
    const row = await db.aiCreditLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } });
    expect(row).toMatchObject({ createdById: admin.id, grantSource: "instance-admin" });
    // Left out, the workspace is the granter's own.
    expect(await grantAiCredits(mine.actor, grant(5))).toMatchObject({ amount: 5, balanceAfter: 5 });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: mine.actor.workspaceId } })).aiCreditBalance).toBe(5);
  });

  it("refuses an instance administrator's API key, an unknown workspace and a grant without a reason", async () => {
    const admin = await createTestInstanceAdmin();
    const { actor } = await createTestWorkspace({ userId: admin.id });
    await expect(grantAiCredits({ ...actor, apiKeyId: "key_1" }, grant(5))).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("An API key acts for its workspace only, never as an instance administrator"),
    });
    await expect(grantAiCredits(actor, grant(5, "x", "wsp_nope"))).rejects.toMatchObject({ status: 404, details: { fields: [{ field: "workspaceId" }] } });
    expect(ZGrantCreditsInput.safeParse({ amount: 5 }).error?.issues[0]).toMatchObject({ path: ["reason"] });
    expect(ZGrantCreditsInput.safeParse({ amount: 5, reason: "  " }).success).toBe(false);
    expect(ZGrantCreditsInput.safeParse({ amount: 0, reason: "x" }).success).toBe(false);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("holds a removal at the next call: the flag is read from the user's row", async () => {
    const admin = await createTestInstanceAdmin();
    await createTestInstanceAdmin();
    const { actor } = await createTestWorkspace({ userId: admin.id });
    await grantAiCredits(actor, grant(1));
    await db.user.update({ where: { id: admin.id }, data: { instanceAdmin: false } });
    await expect(grantAiCredits(actor, grant(1))).rejects.toMatchObject({ status: 403 });
    expect(await createTestUser()).toMatchObject({ instanceAdmin: false });
  });
});
