// A key's AI credit budget holds under concurrency: the debit checks it in the same conditional UPDATE
// that counts the spend, so of several spends racing for the last credits only those that fit run,
// and a refused spend leaves the workspace's balance and the ledger untouched.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { runForApiKey } from "@/server/lib/api-key-context";
import { addTestCredits, createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { debitAiCredits } from "./debit-ai-credits";

describe("a key's credit budget", () => {
  it("is never overshot by concurrent spends, and a refused spend costs nothing", async () => {
    const { actor, workspace } = await createTestWorkspace();
    await addTestCredits(workspace.id, 100);
    const { apiKey } = await createTestApiKey(actor);
    await db.apiKey.update({ where: { id: apiKey.id }, data: { creditBudget: 10 } });
    const balance = (await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance;
    const spend = () =>
      runForApiKey(apiKey.id, () => db.$transaction((tx) => debitAiCredits({ workspaceId: workspace.id, amount: 3, reason: "ai-line" }, tx)));
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, spend));
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(outcomes.length - refused.length).toBe(3);
    for (const outcome of refused) expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/budget does not cover this/);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).creditsUsed).toBe(9);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(balance - 9);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: workspace.id, apiKeyId: apiKey.id } })).toBe(3);
  });

  it("gives the key its credits back when the workspace's balance is short", async () => {
    const { actor, workspace } = await createTestWorkspace();
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 2 } });
    const { apiKey } = await createTestApiKey(actor);
    await expect(runForApiKey(apiKey.id, () => debitAiCredits({ workspaceId: workspace.id, amount: 3, reason: "ai-line" }))).rejects.toThrow(/Not enough AI credits/);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).creditsUsed).toBe(0);
  });
});
