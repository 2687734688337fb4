// Bounces (RFC 3464) and spam complaints (RFC 5965) read from a mailbox, as the sandbox network
// writes them, about e-mails a campaign sent through the real executor: what they do to the e-mail,
// the address, the lead, the mailbox's counters and pause, and email.bounced.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { EmailMessage } from "@/server/db/generated/client";
import { warmupTag } from "@/server/domain/mail/warmup-mail";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { bounceMessage, complaintMessage } from "@/server/providers/mail/sandbox/report-messages";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, THREE_EMAILS } from "@/server/test/email-campaign";
import { outboxEvents } from "@/server/test/factories";
import { campaignWithFirstEmails, incoming, originalOf } from "@/server/test/incoming-email";
import { doNotContactRefusal } from "../../../domain/do-not-contact/entries";
import { EMAIL_ADDRESS_DEAD } from "../../../domain/sequence/decide-email-step";
import { ADDRESS_BOUNCED, ADDRESS_KEPT_BOUNCING, SOFT_BOUNCE_RETRY_MS } from "../../../domain/sequence/decide-email-bounce";
import { enrollLeads } from "../../campaigns/enroll-list-leads";
import { resumeMailbox } from "../mailboxes/resume-mailbox";
import { recordIncomingEmail } from "./record-incoming-email";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

async function oneLeadCampaign(address = "ann@prospect.example") {
  const setup = await campaignWithFirstEmails({ sequence: THREE_EMAILS, leads: [{ email: address, firstName: "Ann" }] });
  const campaignLead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: setup.campaign.id } });
  return { ...setup, sent: setup.byAddress(address), campaignLead };
}

async function bounce(mailbox: { id: string }, sent: EmailMessage, kind: "hard" | "soft") {
  const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
  return recordIncomingEmail(row, await incoming(bounceMessage(originalOf(sent), { kind, at: now() })), null);
}

/** E-mails the mailbox sent earlier (to other prospects), as rows: the recent sending its rates count over. */
async function earlierSending(mailbox: { id: string; workspaceId: string; email: string }, count: number, fields: Partial<EmailMessage> = {}) {
  const rows: EmailMessage[] = [];
  for (let index = 0; index < count; index++) {
    const messageId = `<earlier-${index}-${Math.random().toString(36).slice(2)}@sender.example>`;
    const sentAt = new Date(now().getTime() - (index + 1) * HOUR);
    rows.push(
      await db.emailMessage.create({
        data: {
          workspaceId: mailbox.workspaceId,
          mailboxId: mailbox.id,
          direction: "outbound",
          source: "manual",
          status: "sent",
          messageId,
          threadRootId: messageId,
          fromAddress: mailbox.email,
          toAddress: `prospect${index}@elsewhere.example`,
          subject: "Hello",
          text: "Hi",
          sentAt,
          createdAt: sentAt,
          updatedAt: sentAt,
          ...fields,
        },
      }),
    );
  }
  return rows;
}

describe("recording bounces and complaints", () => {
  it("a hard bounce kills the address, fails the lead on its step and fires email.bounced, once however often it is read", async () => {
    const { clock, workspace, mailbox, sent, campaign, campaignLead } = await oneLeadCampaign();
    clock.advance(10 * 60_000);
    const report = await incoming(bounceMessage(originalOf(sent), { kind: "hard", at: now() }));
    expect(await recordIncomingEmail(mailbox, report, "3:9")).toBe("bounce");

    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({
      status: "bounced",
      bouncedAt: now(),
      bounceKind: "hard",
      bounceStatus: "5.1.1",
      bounceMessage: "The address does not exist (5.1.1)",
    });
    expect(await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toMatchObject({ kind: "bounce", leadId: campaignLead.leadId, campaignLeadId: campaignLead.id });
    expect(await db.deadEmailAddress.findUniqueOrThrow({ where: { workspaceId_address: { workspaceId: workspace.id, address: "ann@prospect.example" } } })).toMatchObject({
      status: "5.1.1",
      message: "The address does not exist (5.1.1)",
      mailboxId: mailbox.id,
      emailMessageId: sent.id,
    });
    const failed = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id }, include: { journal: true } });
    expect(failed).toMatchObject({ status: "failed", error: ADDRESS_BOUNCED, softBounces: 0 });
    expect(failed.journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "failed", ADDRESS_BOUNCED]]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1, complainedCount: 0, paused: false, readCursor: "3:9" });
    expect((await outboxEvents(workspace.id, "email.bounced")).map((event) => event.data)).toEqual([
      {
        accountId: mailbox.id,
        campaignLeadId: campaignLead.id,
        campaignId: campaign.id,
        leadId: campaignLead.leadId,
        kind: "bounce",
        email: { messageId: sent.messageId, recipient: "ann@prospect.example" },
        bounce: { action: "failed", status: "5.1.1", message: "The address does not exist (5.1.1)" },
        deadAddress: true,
        leadFailed: true,
        at: now().toISOString(),
      },
    ]);
    expect((await outboxEvents(workspace.id, "lead.status_changed")).map((event) => event.data.newStatus)).toEqual(["failed"]);
    // A report is no part of the conversation.
    expect(await db.conversation.findFirstOrThrow({ where: { workspaceId: workspace.id } })).toMatchObject({ messageCount: 1, inboundCount: 0, unread: false });

    // The same report read again, and another copy of it (a new Message-ID): nothing changes.
    expect(await recordIncomingEmail(mailbox, report, null)).toBe("duplicate");
    expect(await bounce(mailbox, sent, "hard")).toBe("bounce");
    expect(await outboxEvents(workspace.id, "email.bounced")).toHaveLength(1);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });

    // Another lead of the workspace with the address (written otherwise): the hard bounce put the
    // address on the do-not-contact list, which refuses the person before the dead address's skip.
    const twin = await db.lead.create({ data: { workspaceId: workspace.id, email: "Ann@Prospect.example", firstName: "Annie", source: "api", createdAt: now(), updatedAt: now() } });
    const current = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    await db.$transaction((tx) => enrollLeads(tx, current, [{ leadId: twin.id }]));
    await driveCampaigns(clock, new Date(now().getTime() + 2 * HOUR));
    const refused = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, leadId: twin.id }, include: { journal: true } });
    const refusal = doNotContactRefusal({ kind: "email", value: "ann@prospect.example" });
    expect(refused).toMatchObject({ status: "failed", error: refusal });
    expect(refused.journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "failed", refusal]]);
    // Without the list's entry (removed by hand), the dead address still skips each of its three e-mail steps.
    await db.doNotContactEntry.deleteMany({ where: { workspaceId: workspace.id } });
    const again = await db.lead.create({ data: { workspaceId: workspace.id, email: "ANN@prospect.example", firstName: "Anna", source: "api", createdAt: now(), updatedAt: now() } });
    await db.$transaction((tx) => enrollLeads(tx, current, [{ leadId: again.id }]));
    await driveCampaigns(clock, new Date(now().getTime() + 2 * HOUR));
    const skipped = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, leadId: again.id }, include: { journal: true } });
    expect(skipped.journal.map((entry) => [entry.stepId, entry.status, entry.detail]).sort()).toEqual([
      ["bump", "skipped", EMAIL_ADDRESS_DEAD],
      ["first", "skipped", EMAIL_ADDRESS_DEAD],
      ["last", "skipped", EMAIL_ADDRESS_DEAD],
    ]);
    expect(await db.emailMessage.count({ where: { campaignId: campaign.id, direction: "outbound" } })).toBe(1);
  });

  it("a soft bounce sends the step again later; the third one counts as hard", async () => {
    const { clock, workspace, mailbox, sent, campaign, campaignLead } = await oneLeadCampaign();
    let latest = sent;
    for (const round of [1, 2]) {
      clock.advance(10 * 60_000);
      expect(await bounce(mailbox, latest, "soft")).toBe("bounce");
      const retrying = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id }, include: { journal: true } });
      expect(retrying).toMatchObject({ status: "running", phase: "ready", currentStepId: "first", softBounces: round, waitUntil: new Date(now().getTime() + SOFT_BOUNCE_RETRY_MS) });
      expect(retrying.journal.map((entry) => [entry.stepId, entry.status])).toEqual([["first", "retrying"]]);
      expect(await db.emailMessage.findUniqueOrThrow({ where: { id: latest.id } })).toMatchObject({ status: "bounced", bounceKind: "soft", bounceStatus: "4.2.2" });
      expect((await outboxEvents(workspace.id, "email.bounced")).at(-1)!.data).toMatchObject({
        email: { messageId: latest.messageId },
        bounce: { action: "failed", status: "4.2.2", message: "Temporarily not delivered: the mailbox is full (4.2.2)" },
        deadAddress: false,
        leadFailed: false,
      });
      expect(await db.deadEmailAddress.count({ where: { workspaceId: workspace.id } })).toBe(0);
      // The step goes out again at its retry time (or the campaign's next active hour), as a new e-mail.
      await driveCampaigns(clock, new Date(now().getTime() + 24 * HOUR));
      const sentNow = await db.emailMessage.findMany({ where: { campaignId: campaign.id, direction: "outbound" }, orderBy: { sentAt: "asc" } });
      expect(sentNow).toHaveLength(round + 1);
      latest = sentNow.at(-1)!;
      expect(latest.status).toBe("sent");
    }

    clock.advance(10 * 60_000);
    expect(await bounce(mailbox, latest, "soft")).toBe("bounce");
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "failed", error: ADDRESS_KEPT_BOUNCING, softBounces: 3 });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: latest.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "4.2.2" });
    expect(await db.deadEmailAddress.findUniqueOrThrow({ where: { workspaceId_address: { workspaceId: workspace.id, address: "ann@prospect.example" } } })).toMatchObject({ emailMessageId: latest.id });
    expect((await outboxEvents(workspace.id, "email.bounced")).map((event) => [event.data.deadAddress, event.data.leadFailed])).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 3 });
  });

  it("a delay notice does nothing; a hard report after a soft one about the same e-mail (the server gave up) takes effect without counting it twice", async () => {
    const { clock, workspace, mailbox, sent, campaignLead } = await oneLeadCampaign();
    clock.advance(10 * 60_000);
    const soft = bounceMessage(originalOf(sent), { kind: "soft", at: now() });
    const delayed = soft.raw.replace("Action: failed", "Action: delayed").replace(/Message-ID: <[^>]+>/, "Message-ID: <delay-notice@mx.sandbox-mail.test>");
    expect(await recordIncomingEmail(mailbox, await incoming(delayed), null)).toBe("bounce");
    expect(await db.emailMessage.findFirstOrThrow({ where: { messageId: "<delay-notice@mx.sandbox-mail.test>" } })).toMatchObject({
      kind: "bounce",
      skipReason: "A delay notice: the receiving server is still trying to deliver the e-mail",
    });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await outboxEvents(workspace.id, "email.bounced")).toEqual([]);

    expect(await recordIncomingEmail(mailbox, await incoming(soft), null)).toBe("bounce");
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "running", softBounces: 1 });
    clock.advance(HOUR);
    expect(await bounce(mailbox, sent, "hard")).toBe("bounce");
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "failed", error: ADDRESS_BOUNCED, softBounces: 1 });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: "bounced", bounceKind: "hard", bounceStatus: "5.1.1" });
    expect((await outboxEvents(workspace.id, "email.bounced")).map((event) => [event.data.deadAddress, event.data.leadFailed])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
  });

  it("a complaint opts the address out for every lead that has it, stops the lead and fires email.bounced (complaint), once", async () => {
    const { clock, workspace, mailbox, sent, campaign, campaignLead } = await oneLeadCampaign();
    const twin = await db.lead.create({ data: { workspaceId: workspace.id, email: "ANN@prospect.example", source: "api", createdAt: now(), updatedAt: now() } });
    clock.advance(2 * HOUR);
    const report = complaintMessage(originalOf(sent), { at: now() });
    expect(await recordIncomingEmail(mailbox, await incoming(report), null)).toBe("complaint");

    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: "sent", complainedAt: now() });
    expect(await db.lead.findMany({ where: { workspaceId: workspace.id }, select: { emailOptOut: true } })).toEqual([{ emailOptOut: true }, { emailOptOut: true }]);
    expect((await db.lead.findUniqueOrThrow({ where: { id: twin.id } })).emailOptOutAt).toEqual(now());
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "stopped" });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ complainedCount: 1, bouncedCount: 0 });
    expect((await outboxEvents(workspace.id, "email.bounced")).map((event) => event.data)).toEqual([
      {
        accountId: mailbox.id,
        campaignLeadId: campaignLead.id,
        campaignId: campaign.id,
        leadId: campaignLead.leadId,
        kind: "complaint",
        email: { messageId: sent.messageId, recipient: "ann@prospect.example" },
        bounce: { action: "complained", status: null, message: "The recipient reported the e-mail as spam" },
        deadAddress: false,
        leadFailed: false,
        at: now().toISOString(),
      },
    ]);
    expect((await outboxEvents(workspace.id, "lead.status_changed")).map((event) => event.data.newStatus)).toEqual(["stopped"]);

    expect(await recordIncomingEmail(mailbox, await incoming(complaintMessage(originalOf(sent), { at: now() })), null)).toBe("complaint");
    expect(await outboxEvents(workspace.id, "email.bounced")).toHaveLength(1);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ complainedCount: 1 });
  });

  it("passes over a bounce or complaint about a warmup e-mail of the pool, marking it failed; a campaign e-mail's bounce still counts", async () => {
    const { workspace, mailbox, sent, campaignLead } = await oneLeadCampaign();
    const messageId = "<wu-bounced@pool.example>";
    const tag = warmupTag(messageId);
    const warmup = await db.warmupEmail.create({
      data: { fromMailboxId: mailbox.id, toMailboxId: "mbx_peer", messageId, tag, status: "sent", date: "2026-03-02", scheduledAt: now(), sentAt: now(), createdAt: now() },
    });
    // The report carries the warmup e-mail's headers only in its returned part, not at its top.
    const original = {
      fromAddress: mailbox.email,
      toAddress: "peer@pool.example",
      messageId,
      subject: "Catching up",
      text: "Hi, just checking in.",
      sentAt: now(),
      headers: { from: `<${mailbox.email}>`, to: "<peer@pool.example>", subject: "Catching up", "message-id": messageId, "x-herald-warmup": tag },
    };
    const report = await incoming(bounceMessage(original, { kind: "hard", at: now() }));
    expect(report.headers["x-herald-warmup"]).toBeUndefined();
    expect(await recordIncomingEmail(mailbox, report, "4:1")).toBe("warmup");
    expect(await recordIncomingEmail(mailbox, await incoming(complaintMessage(original, { at: now() })), "4:2")).toBe("warmup");

    expect(await db.emailMessage.count({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toBe(0);
    expect(await db.warmupEmail.findUniqueOrThrow({ where: { id: warmup.id } })).toMatchObject({ status: "failed", error: "Bounced: The address does not exist (5.1.1)" });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 0, complainedCount: 0, paused: false, readCursor: "4:2" });
    expect(await outboxEvents(workspace.id, "email.bounced")).toEqual([]);
    expect(await db.deadEmailAddress.count({ where: { workspaceId: workspace.id } })).toBe(0);
    // Only the campaign's own conversation, untouched: nothing in the inbox.
    expect(await db.conversation.findMany({ where: { workspaceId: workspace.id }, select: { messageCount: true, inboundCount: true, unread: true } })).toEqual([{ messageCount: 1, inboundCount: 0, unread: false }]);

    // The same mailbox's campaign e-mail bounces as before.
    expect(await bounce(mailbox, sent, "hard")).toBe("bounce");
    expect(await db.emailMessage.findFirstOrThrow({ where: { mailboxId: mailbox.id, direction: "inbound" } })).toMatchObject({ kind: "bounce", campaignLeadId: campaignLead.id });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 1 });
    expect(await outboxEvents(workspace.id, "email.bounced")).toHaveLength(1);
  });

  it("a report about an e-mail Herald does not know is kept as unmatched and does nothing", async () => {
    const { workspace, mailbox, sent } = await oneLeadCampaign();
    const stranger = { ...sent, messageId: "<not-ours@elsewhere.example>", toAddress: "nobody@elsewhere.example" };
    expect(await bounce(mailbox, stranger, "hard")).toBe("unmatched");
    expect(await recordIncomingEmail(mailbox, await incoming(complaintMessage(originalOf(stranger), { at: now() })), null)).toBe("unmatched");
    expect(await db.emailMessage.findMany({ where: { mailboxId: mailbox.id, direction: "inbound" }, select: { kind: true, leadId: true } })).toEqual([
      { kind: "unmatched", leadId: null },
      { kind: "unmatched", leadId: null },
    ]);
    expect(await outboxEvents(workspace.id, "email.bounced")).toEqual([]);
    expect(await db.deadEmailAddress.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ bouncedCount: 0, complainedCount: 0 });
  });

  it("pauses a mailbox past its bounce rate once, with account.paused; resumed, the e-mails that paused it do not pause it again", async () => {
    const { clock, actor, workspace, mailbox, sent } = await oneLeadCampaign();
    // 20 earlier e-mails, one of which bounced: 1 in 21 (4.8%) is within 5%.
    const earlier = await earlierSending(mailbox, 19);
    await earlierSending(mailbox, 1, { status: "bounced", bouncedAt: now(), bounceKind: "hard" });
    clock.advance(10 * 60_000);
    await bounce(mailbox, earlier[0]!, "soft");
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).paused).toBe(false);

    // The campaign's e-mail bounces: 2 in 21 (9.5%).
    await bounce(mailbox, sent, "hard");
    const paused = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(paused).toMatchObject({ paused: true, pausedReason: "bounce-rate", pausedAt: now(), bouncedCount: 2 });
    const events = await outboxEvents(workspace.id, "account.paused");
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({
        channel: "email",
        account: expect.objectContaining({ id: mailbox.id, paused: true, pausedReason: "bounce-rate", counters: { sent: paused.sentCount, bounced: 2, complained: 0 } }),
        reason: "Paused automatically: 2 of its last 21 e-mails bounced (9.5%)",
      }),
    ]);

    // Another bounce while paused: no second pause.
    await bounce(mailbox, earlier[1]!, "hard");
    expect(await outboxEvents(workspace.id, "account.paused")).toHaveLength(1);

    // Resumed by a person: reports about the e-mails sent before the pause do not pause it again.
    clock.advance(HOUR);
    expect(await resumeMailbox(actor, mailbox.id)).toMatchObject({ paused: false, pausedReason: null, pausedAt: null });
    await bounce(mailbox, earlier[2]!, "hard");
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ paused: false, bouncedCount: 4 });
    expect(await outboxEvents(workspace.id, "account.paused")).toHaveLength(1);
    expect(await outboxEvents(workspace.id, "account.resumed")).toHaveLength(1);
  });

  it("pauses a mailbox past its complaint rate", async () => {
    const { clock, workspace, mailbox, sent } = await oneLeadCampaign();
    await earlierSending(mailbox, 19);
    clock.advance(HOUR);
    await recordIncomingEmail(mailbox, await incoming(complaintMessage(originalOf(sent), { at: now() })), null);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ paused: true, pausedReason: "complaint-rate", complainedCount: 1 });
    expect((await outboxEvents(workspace.id, "account.paused")).map((event) => event.data.reason)).toEqual([
      "Paused automatically: 1 of its last 20 e-mails were reported as spam (5%)",
    ]);
  });
});
