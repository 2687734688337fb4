// The workspace's email channel setting: on for new workspaces, changed by admins through PATCH
// /workspace, and what decides whether mailboxes may be connected.
import { describe, expect, it } from "vitest";
import { callRoute } from "@/server/test/call-route";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import * as mailboxesRoute from "../email-accounts/route";
import * as workspaceRoute from "./route";

describe("the email channel setting", () => {
  it("is on for a new workspace, turned off and on by an admin, and gates connecting mailboxes", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const initial = await callRoute(workspaceRoute.GET, "GET", "/workspace", { key });
    expect(initial.body!.data.settings.emailChannelEnabled).toBe(true);

    const off = await callRoute(workspaceRoute.PATCH, "PATCH", "/workspace", { key, body: { emailChannelEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body!.data.settings.emailChannelEnabled).toBe(false);
    const refused = await callRoute(mailboxesRoute.POST, "POST", "/email-accounts", { key, body: { provider: "sandbox", email: "desk@example.com" } });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.code).toBe("email-channel-disabled");

    const invalid = await callRoute(workspaceRoute.PATCH, "PATCH", "/workspace", { key, body: { emailChannelEnabled: "yes" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body!.error.details.fields).toEqual([{ field: "emailChannelEnabled", message: "must be true or false" }]);
    const on = await callRoute(workspaceRoute.PATCH, "PATCH", "/workspace", { key, body: { emailChannelEnabled: true } });
    expect(on.body!.data.settings.emailChannelEnabled).toBe(true);
  });

  it("cannot be changed by a member", async () => {
    const { actor } = await createTestWorkspace({ role: "member" });
    const { key } = await createTestApiKey(actor);
    const response = await callRoute(workspaceRoute.PATCH, "PATCH", "/workspace", { key, body: { emailChannelEnabled: false } });
    expect(response.status).toBe(403);
    expect((await callRoute(workspaceRoute.GET, "GET", "/workspace", { key })).body!.data.settings.emailChannelEnabled).toBe(true);
  });
});
