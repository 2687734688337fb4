// What bounces leave for the executor's e-mail steps, through the real executor on a manual clock
// with a recording mail provider: a soft bounce sends the step again later (the same e-mail, not a
// reply to the bounced one, and the timeline tells it), and a dead address skips the step for
// every lead of its workspace.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { HOUR, leadByEmail, recordingMailProvider, setupEmailCampaign, START, THREE_EMAILS } from "@/server/test/email-campaign";
import { EMAIL_ADDRESS_DEAD } from "../../../domain/sequence/decide-email-step";
import { getLeadTimeline } from "../get-lead-timeline";
import { retryEmailStep } from "./retry-email-step";
import { takeMailboxTurn } from "./take-mailbox-turn";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

const REASON = "The recipient's mailbox is full (4.2.2)";

describe("bounces in e-mail steps", () => {
  it("sends a soft-bounced step again at its retry time, as the same e-mail, and goes on threading onto it", async () => {
    const mail = recordingMailProvider();
    const { clock, actor, campaign, mailboxIds } = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "ann@prospect.example", firstName: "Ann" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);
    const bounced = await db.emailMessage.findFirstOrThrow({ where: { campaignId: campaign.id } });

    // The soft bounce arrives ten minutes later: the inbound effects mark the e-mail and ask for the step again.
    clock.set(new Date(Date.parse(START) + 10 * 60_000));
    const retryAt = new Date(now().getTime() + 4 * HOUR);
    const lead = await leadByEmail(campaign.id, "ann@prospect.example");
    await db.$transaction(async (tx) => {
      await tx.emailMessage.update({ where: { id: bounced.id }, data: { status: "bounced", bouncedAt: now(), bounceKind: "soft", bounceStatus: "4.2.2", bounceMessage: REASON } });
      await retryEmailStep(tx, { campaignLeadId: lead.id, stepId: "first", retryAt, reason: REASON });
    });
    const waiting = await leadByEmail(campaign.id, "ann@prospect.example");
    expect(waiting).toMatchObject({ status: "running", phase: "ready", currentStepId: "first", currentStepType: "email", waitUntil: retryAt });
    expect(waiting.journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([["first", "retrying", REASON]]);
    const before = await getLeadTimeline(actor, campaign.id, lead.leadId);
    expect(before.currentStep).toEqual({ id: "first", label: "#1 E-mail" });
    expect(before.events.map((event) => [event.title, event.detail])).toEqual([
      ["Added to the campaign", null],
      [`E-mail sent`, expect.stringContaining('"Quick question, Ann"')],
      ["E-mail bounced (the receiving server will be tried again)", REASON],
      ["#1 E-mail: bounced, to be sent again", REASON],
    ]);

    // Nothing before the retry time; then the same e-mail again, in a new thread.
    expect(await takeMailboxTurn(mailboxIds[0]!, new Date(retryAt.getTime() - 60_000))).toBe(false);
    await driveCampaigns(clock, new Date(Date.parse(START) + 3 * 24 * HOUR));
    expect(mail.sent.map((entry) => entry.email.subject)).toEqual(["Quick question, Ann", "Quick question, Ann", "Re: Quick question, Ann"]);
    const [first, again, bump] = mail.sent;
    expect(again!.at.getTime()).toBeGreaterThanOrEqual(retryAt.getTime());
    expect(again!.email).toMatchObject({ inReplyTo: null, references: [] });
    expect(again!.email.messageId).not.toBe(first!.email.messageId);
    expect(bump!.email).toMatchObject({ inReplyTo: again!.email.messageId, references: [again!.email.messageId] });

    const after = await leadByEmail(campaign.id, "ann@prospect.example");
    expect(after.journal.map((entry) => [entry.stepId, entry.status, entry.detail])).toEqual([
      ["first", "done", "No reply in time"],
      ["bump", "done", null],
    ]);
    const titles = (await getLeadTimeline(actor, campaign.id, lead.leadId)).events.map((event) => event.title);
    expect(titles).toEqual(["Added to the campaign", "E-mail sent", "E-mail bounced (the receiving server will be tried again)", "#1 E-mail: sent again", "#2 E-mail: sent"]);
  });

  it("leaves a finished lead alone, and a step whose e-mail is being sent to that send", async () => {
    recordingMailProvider();
    const { campaign, mailboxIds } = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "a@prospect.example" }, { email: "b@prospect.example" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);
    const [a, b] = await Promise.all([leadByEmail(campaign.id, "a@prospect.example"), leadByEmail(campaign.id, "b@prospect.example")]);
    const [sent, other] = a.journal.length ? [a, b] : [b, a];
    const addressOf = (lead: typeof a) => (lead === a ? "a@prospect.example" : "b@prospect.example");

    await db.campaignLead.update({ where: { id: sent.id }, data: { status: "stopped", finishedAt: now() } });
    await db.$transaction((tx) => retryEmailStep(tx, { campaignLeadId: sent.id, stepId: "first", retryAt: new Date(now().getTime() + HOUR), reason: REASON }));
    expect(await leadByEmail(campaign.id, addressOf(sent))).toMatchObject({ status: "stopped", phase: "waiting", journal: [{ status: "done" }] });

    await db.campaignLeadStep.create({ data: { campaignLeadId: other.id, campaignId: campaign.id, stepId: "first", stepType: "email", status: "sending", startedAt: now() } });
    await db.$transaction((tx) => retryEmailStep(tx, { campaignLeadId: other.id, stepId: "first", retryAt: new Date(now().getTime() + HOUR), reason: REASON }));
    expect(await leadByEmail(campaign.id, addressOf(other))).toMatchObject({ waitUntil: other.waitUntil, journal: [{ status: "sending", detail: null }] });
  });

  it("skips a step to be sent again whose address died meanwhile, the skip taking its journal row", async () => {
    const mail = recordingMailProvider();
    const { workspace, campaign, mailboxIds } = await setupEmailCampaign({ sequence: THREE_EMAILS, leads: [{ email: "gil@prospect.example" }] });
    expect(await takeMailboxTurn(mailboxIds[0]!, now())).toBe(true);
    const lead = await leadByEmail(campaign.id, "gil@prospect.example");
    await db.$transaction((tx) => retryEmailStep(tx, { campaignLeadId: lead.id, stepId: "first", retryAt: now(), reason: REASON }));
    await db.deadEmailAddress.create({ data: { workspaceId: workspace.id, address: "gil@prospect.example", message: "The address does not exist (5.1.1)", createdAt: now() } });
    await takeMailboxTurn(mailboxIds[0]!, new Date(now().getTime() + HOUR));
    expect(mail.sent).toHaveLength(1);
    const skipped = await leadByEmail(campaign.id, "gil@prospect.example");
    expect(skipped.journal.map((entry) => [entry.stepId, entry.status, entry.outcome, entry.detail])).toEqual([["first", "skipped", "no", EMAIL_ADDRESS_DEAD]]);
    expect(skipped).toMatchObject({ status: "running", currentStepId: "bump", phase: "ready" });
  });

  it("skips the e-mail steps of every lead of the workspace whose address is dead, whatever its case", async () => {
    const mail = recordingMailProvider();
    const sequence = { steps: [{ type: "email" as const, config: { subject: "Hello", text: "Hi" } }] };
    const { clock, workspace, campaign } = await setupEmailCampaign({ sequence, leads: [{ email: "gone@prospect.example" }, { email: "alive@prospect.example" }] });
    // Addresses are stored as given by older imports; dead addresses are kept lower-cased.
    await db.lead.updateMany({ where: { workspaceId: workspace.id, email: "gone@prospect.example" }, data: { email: "Gone@Prospect.example" } });
    await db.deadEmailAddress.create({ data: { workspaceId: workspace.id, address: "gone@prospect.example", status: "5.1.1", message: "The address does not exist (5.1.1)", createdAt: now() } });
    // Another workspace's dead address changes nothing here.
    const elsewhere = await setupEmailCampaign({ sequence, leads: [{ email: "gone@prospect.example" }] });
    await db.deadEmailAddress.create({ data: { workspaceId: elsewhere.workspace.id, address: "alive@prospect.example", message: "The address does not exist (5.1.1)", createdAt: now() } });
    await db.campaign.update({ where: { id: campaign.id }, data: { status: "active" } });

    await driveCampaigns(clock, new Date(Date.parse(START) + 24 * HOUR));
    expect(mail.sent.map((entry) => entry.email.to.address).sort()).toEqual(["alive@prospect.example", "gone@prospect.example"]);
    const dead = await leadByEmail(campaign.id, "Gone@Prospect.example");
    expect(dead.status).toBe("done");
    expect(dead.journal.map((entry) => [entry.status, entry.outcome, entry.detail])).toEqual([["skipped", "no", EMAIL_ADDRESS_DEAD]]);
    expect(await leadByEmail(elsewhere.campaign.id, "gone@prospect.example")).toMatchObject({ emailContacted: true, journal: [{ status: "done" }] });
  });
});
