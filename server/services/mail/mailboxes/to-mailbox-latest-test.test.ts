// The Mailbox resource shows each mailbox's newest deliverability test, read with DISTINCT ON in
// the database (not every test the mailboxes ever ran, filtered in memory).
import { describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { createTestWorkspace } from "../../../test/factories";
import { toMailbox, toMailboxes } from "./to-mailbox";

async function mailboxWithTests(workspaceId: string, email: string, landings: string[]) {
  const at = new Date("2026-03-02T09:00:00Z");
  const mailbox = await db.mailbox.create({
    data: { workspaceId, label: email, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "UTC", createdAt: at, updatedAt: at },
  });
  for (const [index, landing] of landings.entries()) {
    const startedAt = new Date(at.getTime() + index * 3_600_000);
    await db.deliverabilityTest.create({
      data: { workspaceId, mailboxId: mailbox.id, status: "done", seedAddress: "seed-1@seeds.sandbox.herald.test", messageId: `<${email}.${index}@t>`, landing, blocklistIp: "clean", blocklistDomain: "clean", blocklistAnswers: [], startedAt, finishedAt: new Date(startedAt.getTime() + 60_000), createdAt: startedAt },
    });
  }
  return mailbox;
}

describe("the Mailbox resource's deliverability test", () => {
  it("is each mailbox's newest, for a list and for one", async () => {
    const { workspace } = await createTestWorkspace();
    const ada = await mailboxWithTests(workspace.id, "ada@latest.test", ["spam", "inbox", "promotions"]);
    const grace = await mailboxWithTests(workspace.id, "grace@latest.test", ["inbox", "spam"]);
    const none = await mailboxWithTests(workspace.id, "linus@latest.test", []);

    const shown = await toMailboxes([ada, grace, none]);
    expect(shown.map((mailbox) => mailbox.deliverabilityTest?.landing ?? null)).toEqual(["promotions", "spam", null]);
    expect(shown[0]!.deliverabilityTest).toMatchObject({ status: "done", startedAt: "2026-03-02T11:00:00.000Z", finishedAt: "2026-03-02T11:01:00.000Z", blocklists: { ip: "clean", domain: "clean", listings: [] } });
    expect((await toMailbox(grace)).deliverabilityTest).toMatchObject({ landing: "spam", startedAt: "2026-03-02T10:00:00.000Z" });
  });
});
