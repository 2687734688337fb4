// The sandbox's seed writes its verdicts from the sending mailbox's stored DNS health: the mailbox
// that sent the test, not another workspace's mailbox with the same address.
import { describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { createTestWorkspace } from "../../../test/factories";
import { dnsHealth } from "../../../test/warmup-seed";
import { storeSeedEmail } from "../sandbox/sandbox-mail-store";
import { createSandboxSeedInbox, SANDBOX_SEED_ADDRESS } from "./sandbox-seed-inbox";

const EMAIL = "ada@northwind.test";
const AT = new Date("2026-03-02T09:00:00Z");

async function sandboxMailbox(status: "ok" | "failing") {
  const { workspace } = await createTestWorkspace();
  return db.mailbox.create({
    data: { workspaceId: workspace.id, label: "Ada", email: EMAIL, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "UTC", dnsHealth: dnsHealth("northwind.test", status, AT), createdAt: AT, updatedAt: AT },
  });
}

describe("the sandbox seed inbox", () => {
  it("judges the test e-mail by the mailbox that sent it when two workspaces hold its address", async () => {
    await sandboxMailbox("failing");
    const sender = await sandboxMailbox("ok");
    const messageId = "<seed-test-1@northwind.test>";
    await storeSeedEmail(EMAIL, { from: { name: null, address: EMAIL }, to: { name: null, address: SANDBOX_SEED_ADDRESS }, subject: "Hi", text: "Hello", html: null, messageId, inReplyTo: null, references: [], headers: {} }, AT, "inbox");

    const found = await createSandboxSeedInbox().find(messageId, AT, { mailboxId: sender.id });
    expect(found?.raw).toMatch(/spf=pass smtp\.mailfrom=ada@northwind\.test/);
  });
});
