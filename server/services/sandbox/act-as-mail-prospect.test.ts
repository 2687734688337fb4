import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createSandboxMailProvider } from "../../providers/mail/sandbox/sandbox-mail-provider";
import type { MailboxHandle } from "../../providers/mail/types";
import { ZSandboxMailAction } from "../../schemas/sandbox-mail";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { seedTrackedEmail } from "../../test/tracked-email-seed";
import { addTracking } from "../mail/tracking/tracking-links";
import { unsubscribeParts } from "../mail/tracking/unsubscribe-parts";
import { actAsSandboxMailProspect } from "./act-as-mail-prospect";
import { advanceSandboxMail } from "./advance-sandbox-mail";
import { getSandboxMailOverview } from "./get-sandbox-mail-overview";

const provider = createSandboxMailProvider();
const MINUTE = 60_000;

afterEach(() => setClock(systemClock));

/** An e-mail to someone the model leaves alone for a while, so the person's actions are all that happens. */
async function sent(clock: ManualClock, options: { tracking?: boolean; address?: string } = {}) {
  const address = options.address ?? "quiet.ada@prospect.example";
  const seeded = await seedTrackedEmail({ address, sentAt: clock.now() });
  const tracking = options.tracking ?? true;
  const unsubscribe = unsubscribeParts({ workspaceId: seeded.workspace.id, address, mailboxEmail: seeded.mailbox.email, text: "Not interested? {{unsubscribe}}", emailMessageId: seeded.email.id });
  const html = addTracking(`<p>Hi Ada, see <a href="https://acme.test/pricing">pricing</a>.</p>${unsubscribe.html}`, { token: seeded.trackingToken, opens: tracking, clicks: tracking });
  const mailbox: MailboxHandle = { id: seeded.mailbox.id, workspaceId: seeded.workspace.id, email: seeded.mailbox.email, provider: "sandbox", settings: null, credentials: { kind: "sandbox" } };
  await provider.send(mailbox, {
    from: { name: "Sales", address: seeded.mailbox.email },
    to: { name: null, address },
    subject: seeded.email.subject,
    text: `Hi Ada, see https://acme.test/pricing.\n\n${unsubscribe.text}`,
    html,
    messageId: seeded.email.messageId,
    inReplyTo: null,
    references: [],
    headers: unsubscribe.headers,
  });
  const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: seeded.email.messageId } });
  const act = async (action: Record<string, unknown>) => actAsSandboxMailProspect(seeded.actor, ZSandboxMailAction.parse({ emailId: row.id, ...action }));
  return { ...seeded, mailbox, row, act };
}

describe("acting as the recipient of a sandbox e-mail", () => {
  it("opens and clicks through Herald's tracking, once; one asked for within the scanners' two minutes happens when they end", async () => {
    const clock = new ManualClock("2027-05-03T09:00:00Z");
    setClock(clock);
    const email = await sent(clock);
    clock.advance(MINUTE);
    // Too early for Herald (scanners): the open is planned for the end of the window, not lost.
    expect((await email.act({ action: "open" })).message).toMatch(/ignores opens in the first 2 minutes .* in 65 seconds/);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: email.email.id } })).openedAt).toBeNull();
    clock.advance(65 * 1000);
    expect(await advanceSandboxMail()).toEqual({ moments: 1 });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: email.email.id } })).openedAt).toEqual(clock.now());

    clock.advance(MINUTE);
    expect((await email.act({ action: "open" })).message).toMatch(/^Opened again/);
    expect((await email.act({ action: "click" })).message).toBe("Clicked https://acme.test/pricing: Herald saw the click.");
    const message = await db.emailMessage.findUniqueOrThrow({ where: { id: email.email.id } });
    expect(message.clickedAt).toEqual(clock.now());
    expect(await outboxEvents(email.workspace.id, "email.opened")).toHaveLength(1);
    expect((await outboxEvents(email.workspace.id, "email.clicked")).map((event) => event.data.url)).toEqual(["https://acme.test/pricing"]);

    const overview = await getSandboxMailOverview(email.actor);
    expect(overview.emails).toHaveLength(1);
    expect(overview.emails[0]).toMatchObject({
      to: "quiet.ada@prospect.example",
      mailbox: { email: email.mailbox.email },
      tracksOpens: true,
      tracksClicks: true,
      happened: { open: new Date(clock.now().getTime() - MINUTE).toISOString(), click: clock.now().toISOString(), reply: null },
    });
  });

  it("says when an untracked e-mail's open cannot be seen", async () => {
    const clock = new ManualClock("2027-05-10T09:00:00Z");
    setClock(clock);
    const email = await sent(clock, { tracking: false });
    clock.advance(10 * MINUTE);
    expect((await email.act({ action: "open" })).message).toMatch(/no open pixel/);
    expect((await email.act({ action: "click" })).message).toMatch(/no tracked link/);
    expect(await outboxEvents(email.workspace.id, "email.opened")).toEqual([]);
    const overview = await getSandboxMailOverview(email.actor);
    expect(overview.emails[0]).toMatchObject({ tracksOpens: false, tracksClicks: false });
    expect(overview.emails[0]!.happened.open).not.toBeNull();
  });

  it("writes replies, the auto-reply, the complaint and the bounce to the mailbox, and unsubscribes through Herald", async () => {
    const clock = new ManualClock("2027-05-17T09:00:00Z");
    setClock(clock);
    const email = await sent(clock);
    clock.advance(5 * MINUTE);
    await email.act({ action: "reply", text: "Sure, call me on Friday." });
    await email.act({ action: "reply", text: "Actually, Thursday works better." });
    await email.act({ action: "auto-reply" });
    expect((await email.act({ action: "auto-reply" })).message).toMatch(/already/);
    await email.act({ action: "complain" });
    await expect(email.act({ action: "reply", text: "   " })).rejects.toThrow(/Write the reply first/);

    expect((await email.act({ action: "unsubscribe" })).message).toMatch(/^Unsubscribed quiet\.ada@prospect\.example/);
    expect((await email.act({ action: "unsubscribe" })).message).toMatch(/already unsubscribed/);
    expect((await db.lead.findUniqueOrThrow({ where: { id: email.lead.id } })).emailOptOut).toBe(true);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: email.campaignLead.id } })).status).toBe("stopped");
    const unsubscribed = await outboxEvents(email.workspace.id, "email.unsubscribed");
    expect(unsubscribed.map((event) => [event.data.source, event.data.leadStopped])).toEqual([["page", true]]);

    await email.act({ action: "bounce", kind: "soft" });
    expect((await email.act({ action: "open" })).message).toMatch(/bounced/);

    const { messages } = await provider.fetchIncoming(email.mailbox, { cursor: null, since: new Date(0) });
    expect(messages.map((message) => message.subject)).toEqual([
      `Re: ${email.email.subject}`,
      `Re: ${email.email.subject}`,
      `Automatic reply: ${email.email.subject}`,
      `Complaint about a message from ${email.mailbox.email}`,
      "Undelivered Mail Returned to Sender",
    ]);
    expect((await simpleParser(messages[1]!.raw)).text).toContain("Actually, Thursday works better.");
    const overview = await getSandboxMailOverview(email.actor);
    expect(overview.emails[0]!.answers.map((answer) => answer.kind)).toEqual(["reply", "reply", "auto-reply", "complaint", "bounce"]);
    expect(overview.emails[0]!.happened).toMatchObject({ bounce: { kind: "soft", at: clock.now().toISOString() }, unsubscribe: clock.now().toISOString() });
  });

  it("opts the address out but leaves the lead going when the workspace keeps LinkedIn steps after an opt-out", async () => {
    const clock = new ManualClock("2027-05-17T09:00:00Z");
    setClock(clock);
    const email = await sent(clock);
    await db.workspace.update({ where: { id: email.workspace.id }, data: { optOutStopsLinkedin: false } });
    const before = (await db.campaignLead.findUniqueOrThrow({ where: { id: email.campaignLead.id } })).status;
    clock.advance(5 * MINUTE);
    expect((await email.act({ action: "unsubscribe" })).message).toMatch(/stopped the lead's e-mails; its LinkedIn steps go on/);
    expect((await db.lead.findUniqueOrThrow({ where: { id: email.lead.id } })).emailOptOut).toBe(true);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: email.campaignLead.id } })).status).toBe(before);
    const unsubscribed = await outboxEvents(email.workspace.id, "email.unsubscribed");
    expect(unsubscribed.map((event) => [event.data.source, event.data.leadStopped])).toEqual([["page", false]]);
  });

  it("says so when Herald no longer has the e-mail (its mailbox was removed and connected again)", async () => {
    const clock = new ManualClock("2027-05-20T09:00:00Z");
    setClock(clock);
    const email = await sent(clock);
    await db.emailMessage.delete({ where: { id: email.email.id } });
    clock.advance(10 * MINUTE);
    expect((await email.act({ action: "open" })).message).toMatch(/Herald no longer has this e-mail/);
    expect((await email.act({ action: "click" })).message).toMatch(/Herald no longer has this e-mail/);
  });

  it("only acts on e-mails of the workspace's own sandbox mailboxes", async () => {
    const clock = new ManualClock("2027-05-24T09:00:00Z");
    setClock(clock);
    const email = await sent(clock);
    const stranger = await createTestWorkspace();
    const error = await actAsSandboxMailProspect(stranger.actor, ZSandboxMailAction.parse({ emailId: email.row.id, action: "open" })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HeraldError);
    expect((error as HeraldError).code).toBe("not-found");
    expect((await getSandboxMailOverview(stranger.actor)).emails).toEqual([]);
  });
});
