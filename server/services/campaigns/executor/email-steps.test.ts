// E-mail steps end to end through the real executor on a manual clock, with a fake mail provider
// standing in for the mail servers: threading, the daily limit and the gaps, skips, failures of
// each kind, email.sent, and the reconciliation of a send a crash interrupted.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { RefusedTargetError } from "@/server/lib/public-target";
import { refusedMailHost } from "@/server/providers/mail/smtp/mail-host-guard";
import { MailProviderError } from "@/server/providers/mail/types";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, leadByEmail, recordingMailProvider, setupEmailCampaign, START, THREE_EMAILS } from "@/server/test/email-campaign";
import { outboxEvents } from "@/server/test/factories";
import { EMAIL_OPTED_OUT, NO_EMAIL_ADDRESS, NO_MAILBOX } from "../../../domain/sequence/decide-email-step";
import { MAILBOX_GAP_RANGE_SECONDS } from "../../../domain/sequence/human-gaps";
import { HELD_RETRY_MS } from "../../../domain/sequence/turn-policy";
import { SENT_UNCERTAIN } from "./reconcile-interrupted-emails";
import { runExecutorPass } from "./run-executor-pass";
import { takeMailboxTurn } from "./take-mailbox-turn";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

describe("e-mail steps", () => {
  it("sends a sequence of three e-mails threaded onto the first, with placeholders, signature and both bodies", async () => {
    const mail = recordingMailProvider();
    const { clock, workspace, campaign, mailboxIds } = await setupEmailCampaign({
      sequence: THREE_EMAILS,
      leads: [{ email: "ann@prospect.example", firstName: "Ann", company: "Acme" }],
      signature: "Rob\nSales at Sender",
    });
    await driveCampaigns(clock, new Date(Date.parse(START) + 8 * 24 * HOUR));

    expect(mail.sent).toHaveLength(3);
    const [first, second, third] = mail.sent.map((entry) => entry.email);
    expect(first).toMatchObject({ subject: "Quick question, Ann", inReplyTo: null, references: [], to: { address: "ann@prospect.example", name: "Ann" }, from: { address: "rep0@sender.example", name: "Rep 0" } });
    expect(first!.text).toBe("Hi Ann,\n\nDo you have a minute for Acme?\n\nRob\nSales at Sender");
    expect(first!.html).toContain("<p>Hi Ann,</p>");
    expect(first!.html).toContain("<p>Rob<br>Sales at Sender</p>");
    expect(first!.messageId).toMatch(/^<[0-9a-f]{32}@sender\.example>$/);
    expect(second).toMatchObject({ subject: "Re: Quick question, Ann", inReplyTo: first!.messageId, references: [first!.messageId] });
    expect(second!.html).toContain("<b>Ann</b>");
    expect(second!.text).toBe("Just bumping this, Ann.\n\nRob\nSales at Sender");
    expect(third).toMatchObject({ subject: "Re: Quick question, Ann", inReplyTo: second!.messageId, references: [first!.messageId, second!.messageId] });
    // Each follow-up waited for its reply window (48 h), inside the schedule.
    expect(mail.sent[1]!.at.getTime() - mail.sent[0]!.at.getTime()).toBeGreaterThanOrEqual(48 * HOUR);
    expect(mail.sent[2]!.at.getTime() - mail.sent[1]!.at.getTime()).toBeGreaterThanOrEqual(48 * HOUR);

    const stored = await db.emailMessage.findMany({ where: { campaignId: campaign.id }, orderBy: { createdAt: "asc" } });
    expect(stored.map((email) => [email.status, email.threaded, email.threadRootId])).toEqual([
      ["sent", false, first!.messageId],
      ["sent", true, first!.messageId],
      ["sent", true, first!.messageId],
    ]);
    expect(stored.every((email) => email.sentAt && email.trackingToken && Buffer.from(email.trackingToken, "base64url").length === 24)).toBe(true);
    const lead = await leadByEmail(campaign.id, "ann@prospect.example");
    expect(lead).toMatchObject({ status: "done", emailContacted: true });
    expect(lead.journal.map((entry) => [entry.stepId, entry.status])).toEqual([
      ["first", "done"],
      ["bump", "done"],
      ["last", "done"],
    ]);
    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxIds[0] } });
    expect(mailbox).toMatchObject({ sentCount: 3, campaignSendCount: 3 });

    const events = await outboxEvents(workspace.id, "email.sent");
    expect(events).toHaveLength(3);
    expect(events[1]!.data).toEqual({
      source: "campaign",
      accountId: mailboxIds[0],
      campaignLeadId: lead.id,
      campaignId: campaign.id,
      leadId: lead.leadId,
      chatId: `email:${mailboxIds[0]}:${first!.messageId}`,
      message: { text: second!.text, at: stored[1]!.sentAt!.toISOString() },
      email: { subject: "Re: Quick question, Ann", messageId: second!.messageId, to: "ann@prospect.example", threaded: true },
      to: { firstName: "Ann", lastName: null, email: "ann@prospect.example" },
    });
  });

  it("keeps each mailbox within its daily limit, with a human-like gap between its e-mails, inside the schedule", async () => {
    const mail = recordingMailProvider();
    const leads = Array.from({ length: 7 }, (_, index) => ({ email: `p${index}@prospect.example`, firstName: `P${index}` }));
    const { clock } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi {{firstName}}" } }] }, leads, dailyLimit: 3 });
    await driveCampaigns(clock, new Date(Date.parse(START) + 3 * 24 * HOUR));

    expect(mail.sent).toHaveLength(7);
    const perDay = new Map<string, number>();
    for (const entry of mail.sent) perDay.set(entry.at.toISOString().slice(0, 10), (perDay.get(entry.at.toISOString().slice(0, 10)) ?? 0) + 1);
    expect([...perDay.values()]).toEqual([3, 3, 1]);
    for (let index = 1; index < mail.sent.length; index++) {
      const gap = (mail.sent[index]!.at.getTime() - mail.sent[index - 1]!.at.getTime()) / 1000;
      expect(gap).toBeGreaterThanOrEqual(MAILBOX_GAP_RANGE_SECONDS[0]);
    }
    const firstDay = mail.sent.slice(0, 3).map((entry) => (entry.at.getTime() - Date.parse(START)) / 1000);
    expect(firstDay[0]).toBeLessThan(60);
    expect(firstDay[2]! - firstDay[0]!).toBeLessThanOrEqual(2 * MAILBOX_GAP_RANGE_SECONDS[1] + 120);
    // Paris working hours: 08:00 to 17:00 UTC in March.
    expect(mail.sent.every((entry) => entry.at.getUTCHours() >= 8 && entry.at.getUTCHours() < 17)).toBe(true);
  });

  it("lets the test driver skip only minutes in which a pass would change nothing", async () => {
    recordingMailProvider();
    const leads = Array.from({ length: 5 }, (_, index) => ({ email: `s${index}@prospect.example` }));
    const sequence: TSequenceInput = { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" }, nextDelayHours: 2 }, { type: "email", config: { subject: "Again", text: "Hi again" } }] };
    const { clock } = await setupEmailCampaign({ sequence, leads, dailyLimit: 4 });
    const missed: Date[] = [];
    const report = await driveCampaigns(clock, new Date(Date.parse(START) + 28 * HOUR), { checkSkipping: (at) => missed.push(at) });
    expect(report.acted).toBeGreaterThanOrEqual(8);
    expect(missed).toEqual([]);
  }, 400_000);

  it("skips leads without an address or unsubscribed with the reason in the journal, and fails leads of a campaign without a mailbox", async () => {
    const mail = recordingMailProvider();
    const sequence: TSequenceInput = { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }, { type: "email", config: { subject: "Again", text: "Hi again" } }] };
    const { clock, campaign } = await setupEmailCampaign({
      sequence,
      leads: [{ email: "yes@prospect.example" }, { email: "gone@prospect.example" }, { profileUrl: "https://www.linkedin.com/in/no-address" }],
    });
    await db.lead.updateMany({ where: { email: "gone@prospect.example" }, data: { emailOptOut: true, emailOptOutAt: now() } });
    await driveCampaigns(clock, new Date(Date.parse(START) + 6 * 24 * HOUR));

    expect(mail.sent.map((entry) => entry.email.to.address)).toEqual(["yes@prospect.example", "yes@prospect.example"]);
    const optedOut = await leadByEmail(campaign.id, "gone@prospect.example");
    expect(optedOut.status).toBe("done");
    expect(optedOut.journal.map((entry) => [entry.status, entry.outcome, entry.detail])).toEqual([
      ["skipped", "no", EMAIL_OPTED_OUT],
      ["skipped", "no", EMAIL_OPTED_OUT],
    ]);
    const noAddress = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, lead: { email: null } }, include: { journal: true } });
    expect(noAddress.status).toBe("done");
    expect(noAddress.journal.map((entry) => entry.detail)).toEqual([NO_EMAIL_ADDRESS, NO_EMAIL_ADDRESS]);

    const second = await setupEmailCampaign({ sequence, leads: [{ email: "lonely@prospect.example" }, { profileUrl: "https://www.linkedin.com/in/nobody" }], mailboxes: 0 });
    await runExecutorPass();
    const failed = await leadByEmail(second.campaign.id, "lonely@prospect.example");
    expect(failed).toMatchObject({ status: "failed", error: NO_MAILBOX });
    expect(failed.journal.map((entry) => [entry.status, entry.detail])).toEqual([["failed", NO_MAILBOX]]);
    const skipped = await db.campaignLead.findFirstOrThrow({ where: { campaignId: second.campaign.id, lead: { email: null } } });
    expect(skipped.status).not.toBe("failed");
  });

  it("keeps a lead another campaign is running waiting, without using the mailbox's turn", async () => {
    const mail = recordingMailProvider();
    const { campaign, mailboxIds } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] }, leads: [{ email: "busy@prospect.example" }, { email: "free@prospect.example" }] });
    await db.campaign.update({ where: { id: campaign.id }, data: { excludeOtherCampaigns: true } });
    const busy = await leadByEmail(campaign.id, "busy@prospect.example");
    const other = await db.campaign.create({
      data: { workspaceId: campaign.workspaceId, name: "Spring", status: "paused", sequence: campaign.sequence ?? {}, schedule: campaign.schedule ?? {}, unsubscribe: campaign.unsubscribe ?? {}, tracking: campaign.tracking ?? {}, createdAt: now(), updatedAt: now() },
    });
    await db.campaignLead.create({ data: { workspaceId: campaign.workspaceId, campaignId: other.id, leadId: busy.leadId, status: "running", createdAt: now(), updatedAt: now() } });

    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);
    expect(mail.sent.map((entry) => entry.email.to.address)).toEqual(["free@prospect.example"]);
    const held = await leadByEmail(campaign.id, "busy@prospect.example");
    expect(held.heldBy).toMatchObject({ campaignId: other.id, campaignName: "Spring" });
    expect(held.waitUntil!.getTime()).toBe(now().getTime() + HELD_RETRY_MS);
    expect(held.journal).toEqual([]);
  });

  it("fails the lead whose address the server refuses, and goes on to the next lead in the same turn", async () => {
    const mail = recordingMailProvider();
    const send = mail.send;
    mail.send = async (mailbox, email) => {
      if (email.to.address === "bad@prospect.example") throw new MailProviderError("recipient-refused", "550 5.1.1 The e-mail account does not exist.", { serverResponse: "550 5.1.1" });
      return send(mailbox, email);
    };
    const { campaign, mailboxIds } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] }, leads: [{ email: "bad@prospect.example" }, { email: "good@prospect.example" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);

    const bad = await leadByEmail(campaign.id, "bad@prospect.example");
    expect(bad.status).toBe("failed");
    expect(bad.error).toBe("The receiving mail server refused bad@prospect.example: 550 5.1.1 The e-mail account does not exist.");
    expect(bad.journal.map((entry) => entry.status)).toEqual(["failed"]);
    expect(await db.emailMessage.findFirst({ where: { toAddress: "bad@prospect.example" } })).toMatchObject({ status: "failed" });
    expect(mail.sent.map((entry) => entry.email.to.address)).toEqual(["good@prospect.example"]);
  });

  it("puts a mailbox the server signs out in error and keeps its lead for later, sending nothing", async () => {
    const mail = recordingMailProvider();
    mail.send = async () => {
      throw new MailProviderError("auth-failed", "535 5.7.8 Username and Password not accepted", { field: "smtp.password" });
    };
    const { workspace, campaign, mailboxIds } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] }, leads: [{ email: "ann@prospect.example" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(false);

    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxIds[0] } });
    expect(mailbox.status).toBe("error");
    expect(mailbox.error).toBeTruthy();
    expect(await outboxEvents(workspace.id, "account.status_changed")).toHaveLength(1);
    const lead = await leadByEmail(campaign.id, "ann@prospect.example");
    expect(lead).toMatchObject({ status: "pending", phase: "ready", currentStepType: "email", emailContacted: false });
    expect(lead.journal).toEqual([]);
    expect(await db.emailMessage.count({ where: { campaignId: campaign.id } })).toBe(0);
    // A mailbox in error takes no turn.
    const pass = await runExecutorPass();
    expect(pass.mailboxesConsidered).toBe(0);
  });

  it("puts a mailbox whose server is at an address the installation does not connect to in error, instead of trying it every turn", async () => {
    const mail = recordingMailProvider();
    const smtp = { host: "127.0.0.1", port: 25, security: "none" as const, username: "ann@herald.test" };
    mail.send = async () => {
      throw refusedMailHost("smtp", smtp, new RefusedTargetError("127.0.0.1 is not a public address (loopback)"));
    };
    const { workspace, campaign, mailboxIds } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] }, leads: [{ email: "ann@prospect.example" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(false);

    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxIds[0] } });
    expect(mailbox).toMatchObject({ status: "error", error: expect.stringContaining("127.0.0.1 is not a public address (loopback)") });
    expect(await outboxEvents(workspace.id, "account.status_changed")).toHaveLength(1);
    expect(await leadByEmail(campaign.id, "ann@prospect.example")).toMatchObject({ status: "pending", emailContacted: false });
    expect((await runExecutorPass()).mailboxesConsidered).toBe(0);
  });

  it("keeps the intent of a send that timed out, and reconciles it by what the provider finds: sent, not sent, or cannot tell", async () => {
    const mail = recordingMailProvider();
    const send = mail.send;
    const timingOut = new Set<string>();
    mail.send = async (mailbox, email) => {
      if (timingOut.has(email.to.address)) throw new MailProviderError("timeout", "The mail server did not answer after the message was sent.");
      return send(mailbox, email);
    };
    const { workspace, campaign, mailboxIds, clock } = await setupEmailCampaign({
      sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] },
      leads: [{ email: "a@prospect.example" }, { email: "b@prospect.example" }, { email: "c@prospect.example" }],
    });
    const mailboxId = mailboxIds[0]!;
    /** The mailbox's next turn, past any gap, with the provider answering `found` when asked about an interrupted send. */
    const turn = async (found: boolean | null, timeouts: string[] = []) => {
      mail.findSent = async () => found;
      timingOut.clear();
      for (const address of timeouts) timingOut.add(address);
      clock.set(new Date(now().getTime() + 10 * 60_000));
      return takeMailboxTurn(mailboxId, now());
    };
    const emailsTo = (address: string) => db.emailMessage.findMany({ where: { toAddress: address } });

    // a: the send times out; the intent stays.
    expect(await turn(null, ["a@prospect.example"])).toBe(false);
    expect((await leadByEmail(campaign.id, "a@prospect.example")).journal.map((entry) => entry.status)).toEqual(["sending"]);
    expect(await emailsTo("a@prospect.example")).toMatchObject([{ status: "sending" }]);

    // The provider finds a's e-mail: it is recorded (with email.sent), and the mailbox rests its gap.
    expect(await turn(true)).toBe(false);
    expect(await leadByEmail(campaign.id, "a@prospect.example")).toMatchObject({ phase: "waiting", emailContacted: true });
    expect((await outboxEvents(workspace.id, "email.sent")).map((event) => event.data.email.to)).toEqual(["a@prospect.example"]);
    expect(await emailsTo("a@prospect.example")).toMatchObject([{ status: "sent" }]);

    // b times out, then the provider does not find it: the intent is dropped and b's step runs again, once.
    expect(await turn(null, ["b@prospect.example"])).toBe(false);
    expect(await turn(false)).toBe(true);
    expect(await emailsTo("b@prospect.example")).toMatchObject([{ status: "sent" }]);
    expect((await leadByEmail(campaign.id, "b@prospect.example")).journal.map((entry) => entry.status)).toEqual(["done"]);

    // c times out, and the provider cannot tell: counted as sent, with a note, never sent again.
    expect(await turn(null, ["c@prospect.example"])).toBe(false);
    await turn(null);
    const c = await leadByEmail(campaign.id, "c@prospect.example");
    expect(c.journal.map((entry) => [entry.status, entry.detail])).toEqual([["done", SENT_UNCERTAIN]]);
    expect(await emailsTo("c@prospect.example")).toMatchObject([{ status: "sent" }]);
    expect(mail.sent.map((entry) => entry.email.to.address)).toEqual(["b@prospect.example"]);
    expect(await outboxEvents(workspace.id, "email.sent")).toHaveLength(3);
  });

  it("adds tracking and the unsubscribe line when the campaign asks, with the List-Unsubscribe headers", async () => {
    const mail = recordingMailProvider();
    const { campaign, mailboxIds } = await setupEmailCampaign({ sequence: { steps: [{ type: "email", config: { subject: "Hello", html: '<p>See <a href="https://acme.example/offer">our offer</a></p>' } }] }, leads: [{ email: "ann@prospect.example" }] });
    await db.campaign.update({ where: { id: campaign.id }, data: { tracking: { opens: "on", clicks: "on" }, unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" } } });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);

    const email = mail.sent[0]!.email;
    const stored = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(email.html).not.toContain('href="https://acme.example/offer"');
    expect(email.html).toContain(`/t/o/${stored.trackingToken}`);
    expect(email.text).toContain("See our offer (https://acme.example/offer)");
    expect(email.text).toMatch(/Not interested\? unsubscribe\nhttps?:\/\/\S+\/u\/\S+$/);
    expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.headers["List-Unsubscribe"]).toContain("<mailto:rep0@sender.example?subject=unsubscribe>");
    expect(stored.html).toBe(email.html);
  });
});
