// The workspace's email channel setting: on for new workspaces, changed by admins through PATCH
// /workspace, and what decides whether mailboxes may be connected.
import { describe, expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

describe("the email channel setting", () => {
  it("is on for a new workspace, turned off and on by an admin, and gates connecting mailboxes", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const initial = await callApi("GET", "/workspace", { key });
    expect(initial.body!.data.settings.emailChannelEnabled).toBe(true);

    const off = await callApi("PATCH", "/workspace", { key, body: { emailChannelEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body!.data.settings.emailChannelEnabled).toBe(false);
    const refused = await callApi("POST", "/email-accounts", { key, body: { provider: "sandbox", email: "desk@example.com" } });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.code).toBe("email-channel-disabled");

    const invalid = await callApi("PATCH", "/workspace", { key, body: { emailChannelEnabled: "yes" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body!.error.details.fields).toEqual([{ field: "emailChannelEnabled", message: "must be true or false" }]);
    const on = await callApi("PATCH", "/workspace", { key, body: { emailChannelEnabled: true } });
    expect(on.body!.data.settings.emailChannelEnabled).toBe(true);
  });

  it("cannot be changed by a member", async () => {
    const { actor } = await createTestWorkspace({ role: "member" });
    const { key } = await createTestApiKey(actor);
    const response = await callApi("PATCH", "/workspace", { key, body: { emailChannelEnabled: false } });
    expect(response.status).toBe(403);
    expect((await callApi("GET", "/workspace", { key })).body!.data.settings.emailChannelEnabled).toBe(true);
  });
});
