// The workspace's managed-mailbox switch: on for a new workspace, changed by admins through PATCH
// /workspace like the email channel.
import { describe, expect, it } from "vitest";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

describe("the managed-mailbox setting", () => {
  it("is on for a new workspace and turned off and on by an admin", async () => {
    const { actor } = await createTestWorkspace({ role: "admin" });
    const { key } = await createTestApiKey(actor);
    expect((await callApi("GET", "/workspace", { key })).body!.data.settings.managedMailboxesEnabled).toBe(true);
    const off = await callApi("PATCH", "/workspace", { key, body: { managedMailboxesEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body!.data.settings).toMatchObject({ managedMailboxesEnabled: false, emailChannelEnabled: true });
    const invalid = await callApi("PATCH", "/workspace", { key, body: { managedMailboxesEnabled: "no" } });
    expect(invalid.body!.error.details.fields).toEqual([{ field: "managedMailboxesEnabled", message: "must be true or false" }]);
    const on = await callApi("PATCH", "/workspace", { key, body: { managedMailboxesEnabled: true } });
    expect(on.body!.data.settings.managedMailboxesEnabled).toBe(true);
  });

  it("cannot be changed by a member", async () => {
    const { actor } = await createTestWorkspace({ role: "member" });
    const { key } = await createTestApiKey(actor);
    const response = await callApi("PATCH", "/workspace", { key, body: { managedMailboxesEnabled: false } });
    expect(response.status).toBe(403);
    expect((await callApi("GET", "/workspace", { key })).body!.data.settings.managedMailboxesEnabled).toBe(true);
  });
});
