import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { createTestWorkspace } from "../../test/factories";
import { debitAiCredits } from "./debit-ai-credits";
import { grantAiCredits } from "./grant-ai-credits";
import { listCreditLedger } from "./list-credit-ledger";
import { ZGrantCreditsInput } from "../../schemas/credits";

describe("AI credits", () => {
  it("records every credit and debit with the balance after it", async () => {
    const { actor } = await createTestWorkspace();
    await grantAiCredits(actor, ZGrantCreditsInput.parse({ amount: 100, reference: "Top-up" }));
    await debitAiCredits({ workspaceId: actor.workspaceId, amount: 30, reason: "company-search", reference: "search 1" });
    await debitAiCredits({ workspaceId: actor.workspaceId, amount: 5, reason: "reply-classification" });
    const ledger = await listCreditLedger(actor, { limit: 50, offset: 0 });
    expect(ledger.balance).toBe(65);
    expect(ledger.total).toBe(3);
    expect(ledger.entries.map((entry) => [entry.amount, entry.balanceAfter, entry.reason])).toEqual([
      [-5, 65, "reply-classification"],
      [-30, 70, "company-search"],
      [100, 100, "grant"],
    ]);
  });

  it("never lets concurrent debits take the balance below zero", async () => {
    const { actor } = await createTestWorkspace();
    await grantAiCredits(actor, ZGrantCreditsInput.parse({ amount: 10 }));
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

  it("lets only owners and billing managers add credits", async () => {
    const member = await createTestWorkspace({ role: "admin", canManageBilling: false });
    await expect(grantAiCredits(member.actor, ZGrantCreditsInput.parse({ amount: 5 }))).rejects.toMatchObject({ status: 403, code: "not-allowed" });
    // A zero grant never reaches the service: the edge's schema refuses it.
    expect(ZGrantCreditsInput.safeParse({ amount: 0 }).success).toBe(false);
  });
});
