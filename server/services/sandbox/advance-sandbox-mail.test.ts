import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createSandboxMailProvider } from "../../providers/mail/sandbox/sandbox-mail-provider";
import type { MailboxHandle } from "../../providers/mail/types";
import { outboxEvents } from "../../test/factories";
import { seedTrackedEmail } from "../../test/tracked-email-seed";
import { addTracking } from "../mail/tracking/tracking-links";
import { advanceSandboxMail } from "./advance-sandbox-mail";
import { advanceSandboxNetwork } from "./advance-sandbox-network";

const provider = createSandboxMailProvider();
const SECOND = 1000;

afterEach(() => setClock(systemClock));

/** A campaign e-mail as Herald sends it: seeded with its tracking token, sent into the network now. */
async function sendCampaignEmail(clock: ManualClock, address: string, tracking: { opens: boolean; clicks: boolean }) {
  const seeded = await seedTrackedEmail({ address, sentAt: clock.now() });
  const html = addTracking('<p>Hi Ada, have a look at <a href="https://acme.test/demo">our demo</a>.</p>', { token: seeded.trackingToken, ...tracking });
  const mailbox: MailboxHandle = {
    id: seeded.mailbox.id,
    workspaceId: seeded.workspace.id,
    email: seeded.mailbox.email,
    provider: "sandbox",
    settings: null,
    credentials: { kind: "sandbox" },
  };
  await provider.send(mailbox, {
    from: { name: "Sales", address: seeded.mailbox.email },
    to: { name: "Ada Lovelace", address },
    subject: seeded.email.subject,
    text: "Hi Ada, have a look at https://acme.test/demo",
    html,
    messageId: seeded.email.messageId,
    inReplyTo: null,
    references: [],
    headers: {},
  });
  const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: seeded.email.messageId } });
  return { ...seeded, mailbox, row };
}

describe("advanceSandboxMail", () => {
  it("plays each planned moment once, at its time: the open through the pixel, the click through the tracked link", async () => {
    const clock = new ManualClock("2027-01-04T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "clicker.ada@prospect.example", { opens: true, clicks: true });
    const { openAt, clickAt } = sent.row;
    expect(openAt).not.toBeNull();
    expect(clickAt!.getTime()).toBeGreaterThan(openAt!.getTime());

    expect(await advanceSandboxMail()).toEqual({ moments: 0 });
    clock.set(openAt!.getTime() - SECOND);
    expect(await advanceSandboxMail()).toEqual({ moments: 0 });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.email.id } })).openedAt).toBeNull();

    clock.set(openAt!);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.email.id } })).openedAt).toEqual(openAt);
    expect(await advanceSandboxMail()).toEqual({ moments: 0 });

    clock.set(clickAt!.getTime() + 3_600_000);
    // The network-wide pass includes the mail network whatever the LinkedIn provider is.
    expect(await advanceSandboxNetwork()).toEqual({ activities: 1 });
    expect(await advanceSandboxNetwork()).toEqual({ activities: 0 });
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: sent.email.id } });
    expect(email.clickedAt).toEqual(clickAt);

    expect(await outboxEvents(sent.workspace.id, "email.opened")).toHaveLength(1);
    const clicks = await outboxEvents(sent.workspace.id, "email.clicked");
    expect(clicks.map((event) => [event.data.url, event.data.at])).toEqual([["https://acme.test/demo", clickAt!.toISOString()]]);
    const row = await db.sandboxEmail.findUniqueOrThrow({ where: { id: sent.row.id } });
    expect(row.done).toEqual({ open: openAt!.toISOString(), click: clickAt!.toISOString() });
    expect(row.nextAt).toBeNull();
  });

  it("lets an untracked e-mail be opened unseen, as in real mail", async () => {
    const clock = new ManualClock("2027-02-01T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "opener.bo@prospect.example", { opens: false, clicks: false });
    clock.set(sent.row.openAt!.getTime() + SECOND);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.email.id } })).openedAt).toBeNull();
    expect(await outboxEvents(sent.workspace.id, "email.opened")).toEqual([]);
    expect((await db.sandboxEmail.findUniqueOrThrow({ where: { id: sent.row.id } })).done).toEqual({ open: sent.row.openAt!.toISOString() });
  });

  it("delivers the planned reply to the sending mailbox once, dated when it was planned", async () => {
    const clock = new ManualClock("2027-03-01T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "reply.cy@prospect.example", { opens: true, clicks: true });
    const replyAt = sent.row.replyAt!;
    clock.set(replyAt.getTime() - SECOND);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    expect(await provider.fetchIncoming(sent.mailbox, { cursor: null, since: new Date(0) })).toMatchObject({ messages: [] });

    clock.set(replyAt.getTime() + 10 * 60 * SECOND);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    expect(await advanceSandboxMail()).toEqual({ moments: 0 });
    const { messages } = await provider.fetchIncoming(sent.mailbox, { cursor: null, since: new Date(0) });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ inReplyTo: sent.email.messageId, subject: `Re: ${sent.email.subject}`, receivedAt: replyAt.toISOString() });
  });

  it("reads the reply into the sending mailbox in the same pass of the network, once, dated when it was written", async () => {
    const clock = new ManualClock("2027-03-08T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "reply.fay@prospect.example", { opens: true, clicks: true });
    const replyAt = sent.row.replyAt!;
    clock.set(replyAt.getTime() + 30 * SECOND);
    await advanceSandboxNetwork();
    const inbound = () => db.emailMessage.findMany({ where: { mailboxId: sent.mailbox.id, direction: "inbound" } });
    expect(await inbound()).toMatchObject([{ inReplyTo: sent.email.messageId, fromAddress: "reply.fay@prospect.example", sentAt: replyAt, status: "received" }]);
    const reply = await db.sandboxEmail.findFirstOrThrow({ where: { inReplyTo: sent.email.messageId, direction: "inbound" } });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: sent.mailbox.id } })).readCursor).toBe(String(reply.seq));
    // It took effect then, at the moment the prospect wrote it.
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: sent.campaignLead.id } })).toMatchObject({ status: "replied", lastReplyAt: replyAt });
    expect(await outboxEvents(sent.workspace.id, "email.received")).toHaveLength(1);
    clock.advance(3_600_000);
    await advanceSandboxNetwork();
    expect(await inbound()).toHaveLength(1);
    expect(await outboxEvents(sent.workspace.id, "email.received")).toHaveLength(1);
  });

  it("sends the bounce of an address that does not exist, and nothing else", async () => {
    const clock = new ManualClock("2027-04-01T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "bounce.di@prospect.example", { opens: true, clicks: true });
    expect([sent.row.bounceKind, sent.row.openAt]).toEqual(["hard", null]);
    clock.advance(24 * 3_600_000);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    const { messages } = await provider.fetchIncoming(sent.mailbox, { cursor: null, since: new Date(0) });
    expect(messages.map((message) => [message.from?.address, message.headers["content-type"]?.startsWith("multipart/report")])).toEqual([
      ["mailer-daemon@mx.sandbox-mail.test", true],
    ]);
  });

  it("ends its pass when e-mails are found due with nothing left to play", async () => {
    const clock = new ManualClock("2027-06-01T09:00:00Z");
    setClock(clock);
    const sent = await sendCampaignEmail(clock, "opener.ed@prospect.example", { opens: true, clicks: true });
    clock.set(sent.row.openAt!.getTime() + 1000);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    // A pointer left behind (e.g. by an older version) must not keep the pass going round.
    await db.sandboxEmail.update({ where: { id: sent.row.id }, data: { nextAt: sent.row.sentAt } });
    expect(await advanceSandboxMail()).toEqual({ moments: 0 });
    expect((await db.sandboxEmail.findUniqueOrThrow({ where: { id: sent.row.id } })).nextAt).toBeNull();
  });
});
