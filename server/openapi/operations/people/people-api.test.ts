// The privacy operations over the API with an API key: erase and export by either key, refusals that
// name the field in plain words, a plain 404 for nobody, and approvers and members refused.
import { afterEach, beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { emailLead } from "@/server/test/inbox-seed";

beforeEach(() => {
  setClock(new ManualClock(new Date("2026-12-03T10:00:00Z")));
  useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

it("exports then erases a person by address", async () => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const lead = await emailLead(actor.workspaceId, { firstName: "Ines", email: "ines@prospect.example" });

  const exported = await callApi("GET", "/people/export", { key, query: { email: "INES@prospect.example" } });
  expect(exported.status).toBe(200);
  expect(exported.body!.data.leads).toEqual([expect.objectContaining({ lead: expect.objectContaining({ id: lead.id, firstName: "Ines" }) })]);

  const erased = await callApi("POST", "/people/erase", { key, body: { email: "ines@prospect.example" } });
  expect(erased.status).toBe(200);
  expect(erased.body!.data).toMatchObject({ found: true, removed: { leads: 1, doNotContactEntries: 1 } });
  expect(erased.body!.data.summary).toBe("Removed 1 lead; the person is kept off future imports by a hashed entry on the do-not-contact list.");
  expect(await db.lead.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
});

it("erases an unknown person by LinkedIn profile, saying nothing was found, and answers 404 to an export of nobody", async () => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  const erased = await callApi("POST", "/people/erase", { key, body: { linkedinUrl: "https://www.linkedin.com/in/never-held" } });
  expect(erased.status).toBe(200);
  expect(erased.body!.data.found).toBe(false);
  const missing = await callApi("GET", "/people/export", { key, query: { email: "nobody@nowhere.example" } });
  expect(missing.status).toBe(404);
  expect(missing.body!.error.message).toBe("Nobody with this e-mail address or LinkedIn profile is held in this workspace.");
});

it.each([
  ["neither key", {}, "email"],
  ["both keys", { email: "a@b.example", linkedinUrl: "https://www.linkedin.com/in/a-b" }, "linkedinUrl"],
  ["an address that is none", { email: "not-an-address" }, "email"],
  ["a URL that is no profile", { linkedinUrl: "https://example.com/jane" }, "linkedinUrl"],
])("answers 400 naming the field for %s", async (_label, body, field) => {
  const { actor } = await createTestWorkspace();
  const { key } = await createTestApiKey(actor);
  for (const answer of [await callApi("POST", "/people/erase", { key, body }), await callApi("GET", "/people/export", { key, query: body })]) {
    expect(answer.status).toBe(400);
    expect(answer.body!.error.message).toContain(field);
    expect(JSON.stringify(answer.body!.error.details)).toContain(field);
  }
});

it.each(["member", "approver"] as const)("refuses a %s's key", async (role) => {
  const { actor } = await createTestWorkspace({ role });
  const { key } = await createTestApiKey(actor);
  const answer = await callApi("POST", "/people/erase", { key, body: { email: "ines@prospect.example" } });
  expect(answer.status).toBe(403);
});
