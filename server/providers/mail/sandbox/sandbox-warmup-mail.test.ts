// The sandbox mail network between Herald's mailboxes: a tagged warmup e-mail to a Herald sandbox
// mailbox is delivered to it (one inbound row, filed by the sender's facts, no prospect behaviour),
// found again for crash reconciliation, listed, opened and rescued; the same e-mail to an address
// that is no Herald mailbox is an ordinary e-mail to a simulated prospect.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { dnsHealthOf } from "@/server/test/warmup-pool-fixtures";
import type { MailboxHandle, OutgoingEmail } from "../types";
import { placementOdds } from "./placement";
import { createSandboxMailProvider } from "./sandbox-mail-provider";

const provider = createSandboxMailProvider();
afterEach(() => setClock(systemClock));

async function sandboxMailbox(workspaceId: string, email: string, dns: "ok" | "failing") {
  return db.mailbox.create({
    data: { workspaceId, label: email, email, provider: "sandbox", authType: "sandbox", connectedVia: "api", dnsHealth: dnsHealthOf(email.split("@")[1]!, dns, now()), createdAt: now(), updatedAt: now() },
  });
}

function handle(row: { id: string; workspaceId: string; email: string }): MailboxHandle {
  return { id: row.id, workspaceId: row.workspaceId, email: row.email, provider: "sandbox", settings: null, credentials: { kind: "sandbox" } };
}

function warmupEmail(from: string, to: string, n: number): OutgoingEmail {
  return {
    from: { name: null, address: from },
    to: { name: null, address: to },
    subject: "Catching up",
    text: "Hi,\n\nHow are you?\n",
    html: null,
    messageId: `<wu.${n}.${Math.random().toString(36).slice(2)}@${from.split("@")[1]}>`,
    inReplyTo: null,
    references: [],
    headers: { "X-Herald-Warmup": `hw1-${n}` },
  };
}

describe("warmup mail on the sandbox network", () => {
  it("is delivered to the Herald mailbox, filed by the sender's DNS health, found, listed, opened and rescued", async () => {
    setClock(new ManualClock("2026-05-04T10:00:00Z"));
    const { workspace } = await createTestWorkspace();
    const broken = await sandboxMailbox(workspace.id, "rep@broken.test", "failing");
    const good = await sandboxMailbox(workspace.id, "rep@good.test", "ok");
    const sent: OutgoingEmail[] = [];
    for (let n = 0; n < 60; n++) {
      const email = warmupEmail(broken.email, good.email, n);
      await provider.send(handle(broken), email);
      sent.push(email);
    }
    const rows = await db.sandboxEmail.findMany({ where: { toAddress: good.email } });
    expect(rows).toHaveLength(60);
    expect(rows.every((row) => row.direction === "inbound" && row.kind === "warmup" && row.nextAt === null && row.fromAddress === broken.email)).toBe(true);
    expect(await db.sandboxEmail.count({ where: { direction: "outbound" } })).toBe(0);
    // A failing domain with no warmup behind it: about 45 % + 17 % in spam.
    const spam = rows.filter((row) => row.folder === "spam").length / rows.length;
    expect(placementOdds({ dns: "failing", warmupDays: 0, bounceRate: 0 }).spam).toBeGreaterThan(0.5);
    expect(spam).toBeGreaterThan(0.35);

    expect(await provider.findSent(handle(broken), sent[0]!.messageId, new Date(now().getTime() - 60_000))).toBe(true);
    expect(await provider.findSent(handle(good), sent[0]!.messageId, new Date(now().getTime() - 60_000))).toBe(false);

    const listed = await provider.listWarmupMail!(handle(good), { since: new Date(now().getTime() - 86_400_000) });
    expect(listed).toHaveLength(60);
    const inSpam = listed.find((entry) => entry.folder === "spam")!;
    expect(inSpam.seen).toBe(false);
    expect(await provider.openWarmupMail!(handle(good), { messages: [{ messageId: inSpam.messageId, folder: "spam", rescue: true }] })).toEqual([inSpam.messageId]);
    const after = await provider.listWarmupMail!(handle(good), { since: new Date(now().getTime() - 86_400_000) });
    expect(after.find((entry) => entry.messageId === inSpam.messageId)).toEqual({ messageId: inSpam.messageId, folder: "inbox", seen: true });
    // Not delivered to the sender: it cannot open it.
    expect(await provider.openWarmupMail!(handle(broken), { messages: [{ messageId: inSpam.messageId, folder: "inbox", rescue: false }] })).toEqual([]);
  });

  it("to an address that is no Herald mailbox, is an ordinary e-mail to a prospect", async () => {
    const { workspace } = await createTestWorkspace();
    const sender = await sandboxMailbox(workspace.id, "rep@sender.test", "ok");
    const email = warmupEmail(sender.email, "someone@prospect.test", 1);
    await provider.send(handle(sender), email);
    expect(await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } })).toMatchObject({ direction: "outbound", kind: null });
  });
});
