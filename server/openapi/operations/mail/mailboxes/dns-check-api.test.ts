// POST /email-accounts/{id}/dns-check: the mailbox comes back with fresh DNS health (the sandbox's
// zones for a sandbox mailbox) and its overall health; another workspace's mailbox is a 404.
import { describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

async function keyFor() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

const sandboxMailbox = (workspaceId: string, email: string) =>
  saveConnectedMailbox({ workspaceId, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", settings: null, credentials: { kind: "sandbox" } });

describe("POST /email-accounts/{id}/dns-check", () => {
  it("checks the domain now and returns the mailbox with its DNS health and overall health", async () => {
    setClock(new ManualClock("2026-03-02T09:00:00.000Z"));
    try {
      const { workspace, key } = await keyFor();
      const mailbox = await sandboxMailbox(workspace.id, "ada@dmarcnone-acme.test");
      const before = await callApi("GET", `/email-accounts/${mailbox.id}`, { key });
      expect(before.body!.data).toMatchObject({ dnsHealth: null, health: "unchecked" });

      const checked = await callApi("POST", `/email-accounts/${mailbox.id}/dns-check`, { key });
      expect(checked.status).toBe(200);
      expect(checked.body!.data).toMatchObject({
        id: mailbox.id,
        health: "warning",
        dnsHealth: {
          domain: "dmarcnone-acme.test",
          status: "warning",
          checkedAt: "2026-03-02T09:00:00.000Z",
          spf: { status: "ok" },
          dkim: { status: "ok", selector: "herald" },
          dmarc: { status: "warning", policy: "none", fix: { type: "TXT", host: "_dmarc.dmarcnone-acme.test", replaces: expect.stringContaining("p=none") } },
          mx: { status: "ok" },
        },
      });
      const after = await callApi("GET", `/email-accounts/${mailbox.id}`, { key });
      expect(after.body!.data.dnsHealth).toEqual(checked.body!.data.dnsHealth);
    } finally {
      setClock(systemClock);
    }
  });

  it("answers 404 for another workspace's mailbox", async () => {
    const owner = await keyFor();
    const mailbox = await sandboxMailbox(owner.workspace.id, "ada@acme.test");
    const { key } = await keyFor();
    const response = await callApi("POST", `/email-accounts/${mailbox.id}/dns-check`, { key });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: "not-found" } });
  });
});
