// The retention settings through PATCH /workspace: read back, null keeps messages for good, and
// out-of-range values are a 400 naming the field in plain words; members are refused.
import { expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

it("sets and clears the message retention and sets the delivery-log retention", async () => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const initial = await callApi("GET", "/workspace", { key });
  expect(initial.body!.data.settings).toMatchObject({ messageRetentionDays: null, deliveryLogRetentionDays: 7 });
  const set = await callApi("PATCH", "/workspace", { key, body: { messageRetentionDays: 365, deliveryLogRetentionDays: 2 } });
  expect(set.status).toBe(200);
  expect(set.body!.data.settings).toMatchObject({ messageRetentionDays: 365, deliveryLogRetentionDays: 2 });
  const cleared = await callApi("PATCH", "/workspace", { key, body: { messageRetentionDays: null } });
  expect(cleared.body!.data.settings).toMatchObject({ messageRetentionDays: null, deliveryLogRetentionDays: 2 });
});

it.each([
  [{ messageRetentionDays: 29 }, "messageRetentionDays", "at least 30 days"],
  [{ messageRetentionDays: 3651 }, "messageRetentionDays", "at most 3650 days"],
  [{ deliveryLogRetentionDays: 8 }, "deliveryLogRetentionDays", "at most 7 days"],
  [{ deliveryLogRetentionDays: 0 }, "deliveryLogRetentionDays", "at least 1 day"],
])("answers 400 for %j", async (body, field, words) => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const answer = await callApi("PATCH", "/workspace", { key, body });
  expect(answer.status).toBe(400);
  expect(answer.body!.error.message).toContain(field);
  expect(answer.body!.error.message).toContain(words);
});

it("refuses a member", async () => {
  const { actor } = await createTestWorkspace({ role: "member" });
  const { key } = await createTestApiKey(actor);
  expect((await callApi("PATCH", "/workspace", { key, body: { messageRetentionDays: 90 } })).status).toBe(403);
});
