// GET /credits/ledger shows who added each grant (issue 30), and the API has no way to add credits:
// an API key acts for its workspace, never as an instance administrator, even its creator's.
import { expect, it } from "vitest";
import { grantAiCredits } from "@/server/services/credits/grant-ai-credits";
import { callApi } from "@/server/test/call-api";
import { addTestCredits, createTestApiKey, createTestInstanceAdmin, createTestWorkspace } from "@/server/test/factories";

it("names who granted each credit, and an instance administrator's key cannot grant", async () => {
  const admin = await createTestInstanceAdmin({ name: "Ada Admin" });
  const { actor } = await createTestWorkspace({ userId: admin.id });
  const { key, apiKey } = await createTestApiKey(actor);
  await addTestCredits(actor.workspaceId, 100, "bought");
  await grantAiCredits(actor, { amount: 20, reason: "Pilot" });

  const response = await callApi("GET", "/credits/ledger", { key });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ balance: 120, paging: { total: 2 } });
  expect(response.body!.data.map((entry: { amount: number; reference: string; grantedBy: unknown }) => [entry.amount, entry.reference, entry.grantedBy])).toEqual([
    [20, "Pilot", { source: "instance-admin", name: `Ada Admin (${admin.email})` }],
    [100, "bought", { source: "sandbox", name: "Sandbox billing" }],
  ]);
  // The key's actor carries its id: the service refuses it whoever made the key.
  await expect(grantAiCredits({ ...actor, apiKeyId: apiKey.id }, { amount: 20, reason: "through a key" })).rejects.toMatchObject({ status: 403, code: "forbidden" });
});
