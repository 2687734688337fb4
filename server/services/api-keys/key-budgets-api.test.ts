// Per-key budgets (issue 39): a key's writes count against its action budget and stop, refused in
// plain words, once it is used up — not overshot by concurrent writes, failed writes not counted —
// and the AI credits its operations spend count against its credit budget, recorded on the ledger.
// Any use of the key counts (REST too); reads are never counted or refused; a reset starts again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { updateApiKeyBudget } from "@/server/services/api-keys/update-api-key-budget";
import { approvalCampaign, approvalSender, seedPendingComment, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestWorkspace } from "@/server/test/factories";
import { createApiKey } from "./create-api-key";

beforeEach(() => {
  setClock(new ManualClock("2026-12-05T10:00:00Z"));
  useTemporaryFileStorage();
});
afterEach(() => {
  setClock(systemClock);
  setTextGenerator(undefined);
});

async function keyWithBudget(budget: { actionBudget?: number | null; creditBudget?: number | null }) {
  const context = await createTestWorkspace();
  const created = await createApiKey(context.actor, { name: "Agent", ...budget });
  return { ...context, key: created.key, apiKeyId: created.apiKey.id };
}

const createList = (key: string, name: string) => callApi("POST", "/lead-lists", { key, body: { name } });
const used = async (apiKeyId: string) => db.apiKey.findUniqueOrThrow({ where: { id: apiKeyId }, select: { actionsUsed: true, creditsUsed: true } });

describe("an API key's action budget", () => {
  it("refuses the write after the budget's last action, in plain words; reads go on; failures do not count", async () => {
    const { key, apiKeyId, actor } = await keyWithBudget({ actionBudget: 2 });
    expect((await createList(key, "One")).status).toBe(201);
    expect((await callApi("POST", "/lead-lists", { key, body: { name: "" } })).status).toBe(400);
    expect((await createList(key, "Two")).status).toBe(201);
    const refused = await createList(key, "Three");
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { code: "key-budget-exhausted", message: "This API key has used its 2 actions; an admin can raise or reset its budget in Settings → API." } },
    });
    expect(await db.leadList.count({ where: { workspaceId: actor.workspaceId } })).toBe(2);
    expect((await callApi("GET", "/lead-lists", { key })).status).toBe(200);
    expect(await used(apiKeyId)).toMatchObject({ actionsUsed: 2 });

    const reset = await updateApiKeyBudget(actor, { apiKeyId, reset: true });
    expect(reset.budget).toMatchObject({ actions: 2, actionsUsed: 0, resetAt: "2026-12-05T10:00:00.000Z" });
    expect((await createList(key, "After reset")).status).toBe(201);
  });

  it("is not overshot by concurrent writes", async () => {
    const { key, apiKeyId, actor } = await keyWithBudget({ actionBudget: 5 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => createList(key, `List ${index}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(7);
    expect(await db.leadList.count({ where: { workspaceId: actor.workspaceId } })).toBe(5);
    expect(await used(apiKeyId)).toMatchObject({ actionsUsed: 5 });
  });

  it("is set by admins and owners only, with fields named in a 400", async () => {
    const { actor, apiKeyId } = await keyWithBudget({});
    await expect(updateApiKeyBudget({ ...actor, role: "member" }, { apiKeyId, actionBudget: 3 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createApiKey({ ...actor, role: "member" }, { name: "Mine", actionBudget: 3 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateApiKeyBudget(actor, { apiKeyId, actionBudget: -1 })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [{ field: "actionBudget" }] } });
    expect((await updateApiKeyBudget(actor, { apiKeyId, actionBudget: 3, creditBudget: null })).budget).toMatchObject({ actions: 3, credits: null });
  });
});

describe("an API key's credit budget", () => {
  it("counts the credits the key's operations spend and refuses writes once it is spent", async () => {
    const { key, apiKeyId, actor, workspace } = await keyWithBudget({ creditBudget: 2 });
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 10 } });
    const sender = await approvalSender(actor);
    const campaign = await approvalCampaign(actor);
    const { draft } = await seedPendingComment({ actor, campaign, sender, createdAt: new Date("2026-12-05T09:00:00Z") });
    setTextGenerator({ ...offlineTextGenerator, name: "test", draftComment: async (input) => `New take: ${input.prompt}` });

    const regenerate = () => callApi("POST", `/pending-comments/${draft.id}/regenerate`, { key });
    expect((await regenerate()).status).toBe(200);
    expect((await regenerate()).status).toBe(200);
    expect(await used(apiKeyId)).toEqual({ actionsUsed: 2, creditsUsed: 2 });
    const ledger = await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: workspace.id, amount: { lt: 0 } } });
    expect(ledger.map((entry) => entry.apiKeyId)).toEqual([apiKeyId, apiKeyId]);

    const refused = await regenerate();
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "key-budget-exhausted", message: "This API key has spent its 2 AI credits; an admin can raise or reset its budget in Settings → API." } } });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(8);
  });
});
