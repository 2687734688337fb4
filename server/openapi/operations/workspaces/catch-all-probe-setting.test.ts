// The catch-all probe's setting through PATCH /workspace: off for a new workspace, switched on and
// off by an admin, a 400 naming the field for a value that is not true or false, and members refused.
import { expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

it("is off for a new workspace and an admin switches it on and off", async () => {
  const { actor } = await createTestWorkspace({ role: "admin" });
  const { key } = await createTestApiKey(actor);
  expect((await callApi("GET", "/workspace", { key })).body!.data.settings.catchAllProbe).toBe(false);
  const on = await callApi("PATCH", "/workspace", { key, body: { catchAllProbe: true } });
  expect(on.status).toBe(200);
  expect(on.body!.data.settings.catchAllProbe).toBe(true);
  expect((await callApi("GET", "/workspace", { key })).body!.data.settings.catchAllProbe).toBe(true);
  expect((await callApi("PATCH", "/workspace", { key, body: { catchAllProbe: false } })).body!.data.settings.catchAllProbe).toBe(false);
});

it("answers 400 naming the field for a value that is not true or false", async () => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const answer = await callApi("PATCH", "/workspace", { key, body: { catchAllProbe: "yes" } });
  expect(answer.status).toBe(400);
  expect(answer.body!.error.message).toContain("catchAllProbe");
  expect(answer.body!.error.message).toContain("must be true or false");
});

it("refuses a member", async () => {
  const { actor } = await createTestWorkspace({ role: "member" });
  const { key } = await createTestApiKey(actor);
  expect((await callApi("PATCH", "/workspace", { key, body: { catchAllProbe: true } })).status).toBe(403);
  expect((await callApi("GET", "/workspace", { key })).body!.data.settings.catchAllProbe).toBe(false);
});
