// The analytics say what an independent count of the raw records says (server/test/analytics-truth.ts):
// a history generated through the product's own paths — two campaigns run by the executor on the
// sandbox networks over several days, with human replies, out-of-office auto-replies, bounces,
// a complaint, a lead replying twice, a reply read twice, an unsubscribe, interest marked by hand, a
// lead deleted and a campaign deleted — and the rollup equals a fresh count of the leads after every stage.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { COUNT_KEYS, emptyCounts, type Counts } from "@/server/domain/analytics/metrics";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { replyMessage } from "@/server/providers/mail/sandbox/raw-messages";
import { leadTruths, countTruths, rollupAndRecount, type LeadTruth } from "@/server/test/analytics-truth";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { THREE_EMAILS } from "@/server/test/email-campaign";
import { createTestWorkspace } from "@/server/test/factories";
import { incoming, originalOf } from "@/server/test/incoming-email";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput } from "../../schemas/lead";
import { ZConnectSenderInput } from "../../schemas/sender";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { assignCampaignMailboxes } from "../campaigns/assign-campaign-mailboxes";
import { createCampaign } from "../campaigns/create-campaign";
import { deleteCampaign } from "../campaigns/delete-campaign";
import { setCampaignLeadInterest } from "../campaigns/set-campaign-lead-interest";
import { unsubscribeAddress } from "../campaigns/unsubscribe-address";
import { updateCampaign } from "../campaigns/update-campaign";
import { recordChatMessage } from "../linkedin-activity/record-provider-activity";
import { recordIncomingEmail } from "../mail/inbound/record-incoming-email";
import { connectSender } from "../senders/connect-sender";
import { getAnalyticsBreakdown } from "./get-analytics-breakdown";
import { getAnalyticsOverview } from "./get-analytics-overview";
import { listAnalyticsLeads } from "./list-analytics-leads";

afterEach(() => setClock(systemClock));

const DAY = 86_400_000;
const START = "2026-03-02T07:00:00Z"; // a Monday
const PERIOD = { from: "2026-02-23", to: "2026-03-31" };
const directory = sandboxDirectory();
const profiles = (from: number, count: number) => directory.slice(from, from + count).map((person) => ({ profileUrl: sandboxProfileUrl(person.publicIdentifier) }));
const SCHEDULE = { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };
const INVITE_THEN_MESSAGE = {
  steps: [
    { id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}! How is {{company}} doing?" }, branchDelays: { yes: 1 } },
  ],
};

/** The e-mail leads: the sandbox mail network's personas (mail-behaviour.ts) and people who do nothing. */
const MAIL_LEADS = [
  ...["reply.ann", "reply.bob", "ooo.cyd", "ooo.dan", "bounce.eve", "softbounce.fay", "complain.gus"].map((local) => ({ email: `${local}@prospect.example`, firstName: local.split(".")[1] })),
  ...["hal", "ivy", "jon", "kim", "lea"].map((name) => ({ email: `opener.${name}@prospect.example`, firstName: name })),
];

async function expectRollupRight(stage: string) {
  const { rollup, recount } = await rollupAndRecount();
  expect(rollup, `the rollup ${stage}`).toEqual(recount);
}

/** The overview, the breakdowns by campaign and by sender and the leads behind each figure, beside the truth. */
async function expectAnalyticsTrue(actor: { workspaceId: string } & Parameters<typeof getAnalyticsOverview>[0], stage: string) {
  const truths = await leadTruths(actor.workspaceId);
  const inPeriod = truths.filter((truth) => truth.day >= PERIOD.from && truth.day <= PERIOD.to);
  const total = countTruths(inPeriod).get("all")!;
  const overview = await getAnalyticsOverview(actor, PERIOD);
  expect(overview.counts, `overview ${stage}`).toEqual(total);
  for (const point of overview.series) expect(point.counts, `the week from ${point.start} ${stage}`).toEqual(weekOf(inPeriod, point.start));

  for (const by of ["campaign", "sender"] as const) {
    const breakdown = await getAnalyticsBreakdown(actor, { ...PERIOD, by });
    const truth = countTruths(inPeriod, (lead) => (by === "campaign" ? lead.campaignId : lead.sender));
    expect(Object.fromEntries(breakdown.rows.map((row) => [row.key, row.counts])), `by ${by} ${stage}`).toEqual(Object.fromEntries(truth));
  }
  for (const metric of COUNT_KEYS) {
    const listed = await listAnalyticsLeads(actor, { ...PERIOD, metric, limit: 100, offset: 0 });
    expect(listed.paging.total, `leads behind ${metric} ${stage}`).toBe(total[metric]);
    const truthIds = inPeriod.filter((truth) => metric === "contacted" || truth[metric]).map((truth) => truth.id);
    expect(listed.data.map((row) => row.campaignLeadId).sort(), `which leads are behind ${metric} ${stage}`).toEqual(truthIds.sort());
  }
  return { truths: inPeriod, total };
}

/** A chart point (a week of the period) counted from the truths. */
function weekOf(truths: LeadTruth[], start: string): Counts {
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 7 * DAY).toISOString().slice(0, 10);
  return countTruths(truths.filter((truth) => truth.day >= start && truth.day < end)).get("all") ?? emptyCounts();
}

it("counts what the raw records say through a generated history of both channels, and keeps the rollup equal to a fresh count", async () => {
  const clock = new ManualClock(START);
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const senders: string[] = [];
  for (const name of ["truth-a", "truth-b"]) {
    senders.push((await connectSender(actor, ZConnectSenderInput.parse({ username: `${name}@example.com`, password: "x", timezone: "UTC" }), { via: "api" })).account.id);
  }
  const mailbox = await db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Rep",
      email: "rep@sender.example",
      fromName: "Rep",
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      // A few a day: the e-mail leads are first contacted over several days.
      dailyLimit: 4,
      timezone: "UTC",
      createdAt: now(),
      updatedAt: now(),
    },
  });

  const linkedin = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "LinkedIn", linkedinAccountIds: senders, sequence: INVITE_THEN_MESSAGE, schedule: SCHEDULE }));
  const doomed = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Doomed", linkedinAccountIds: [senders[1]!], sequence: INVITE_THEN_MESSAGE, schedule: SCHEDULE }));
  const mail = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "E-mail", sequence: THREE_EMAILS, schedule: SCHEDULE }));
  await addCampaignLeads(actor, linkedin.id, ZLeadsInput.parse({ leads: profiles(200, 8) }));
  await addCampaignLeads(actor, doomed.id, ZLeadsInput.parse({ leads: profiles(220, 3) }));
  await addCampaignLeads(actor, mail.id, ZLeadsInput.parse({ leads: MAIL_LEADS }));
  for (const campaign of [linkedin, doomed]) await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  // E-mail activation's own rules are another part's; here the campaign simply runs with its mailbox.
  const active = await db.campaign.update({ where: { id: mail.id }, data: { status: "active", emailAccountIds: [mailbox.id] } });
  await db.$transaction((tx) => assignCampaignMailboxes(tx, active));
  await expectRollupRight("after adding");

  // Two days of both networks, then more LinkedIn leads, then a week more: contacts over many days.
  await driveCampaigns(clock, new Date(Date.parse(START) + 2 * DAY));
  await expectRollupRight("after two days");
  await addCampaignLeads(actor, linkedin.id, ZLeadsInput.parse({ leads: profiles(210, 6) }));
  await driveCampaigns(clock, new Date(Date.parse(START) + 9 * DAY));
  await expectRollupRight("after nine days");
  const nineDays = await expectAnalyticsTrue(actor, "after nine days");
  const { truths } = nineDays;
  let { total } = nineDays;
  // The history has what the definitions speak of (the personas' doing, and the sandbox's people).
  expect(new Set(truths.map((truth) => truth.day)).size).toBeGreaterThan(3);
  for (const key of ["invited", "accepted", "messaged", "emailed", "replied", "bounced", "complained"] as const) expect(total[key], key).toBeGreaterThan(0);
  const inbound = await db.emailMessage.groupBy({ by: ["kind"], where: { workspaceId: workspace.id, direction: "inbound" }, _count: { _all: true } });
  const kinds = Object.fromEntries(inbound.map((row) => [row.kind, row._count._all]));
  expect(kinds, "the mail network answered with replies, auto-replies and reports").toMatchObject({ reply: expect.any(Number), "auto-reply": expect.any(Number), bounce: expect.any(Number), complaint: expect.any(Number) });

  // Ann replies again, and the mailbox reads Ann's second reply twice: Ann still counts once.
  const mailboxRow = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
  const toAnn = await db.emailMessage.findFirstOrThrow({ where: { campaignId: mail.id, direction: "outbound", toAddress: "reply.ann@prospect.example" }, orderBy: { sentAt: "asc" } });
  const again = await incoming(replyMessage(originalOf(toAnn), { text: "And one more thing.", fromName: "Ann", at: now() }));
  expect(await recordIncomingEmail(mailboxRow, again, null)).toBe("reply");
  expect(await recordIncomingEmail(mailboxRow, again, null)).toBe("duplicate");
  // Hal, who only opens, writes back twice by hand: one lead replied.
  const toHal = await db.emailMessage.findFirstOrThrow({ where: { campaignId: mail.id, direction: "outbound", toAddress: "opener.hal@prospect.example" } });
  for (const text of ["Interesting.", "Call me Tuesday."]) {
    clock.advance(60_000);
    expect(await recordIncomingEmail(mailboxRow, await incoming(replyMessage(originalOf(toHal), { text, fromName: "Hal", at: now() })), null)).toBe("reply");
  }
  // Ivy unsubscribes from the link of her first e-mail; Hal's interest is marked.
  const toIvy = await db.emailMessage.findFirstOrThrow({ where: { campaignId: mail.id, direction: "outbound", toAddress: "opener.ivy@prospect.example" } });
  expect((await unsubscribeAddress({ workspaceId: workspace.id, address: toIvy.toAddress, source: "page", emailMessageId: toIvy.id })).changed).toBe(true);
  await setCampaignLeadInterest(actor, toHal.campaignLeadId!, "interested");
  // Jon never wrote back: marked interested by hand, he is no interested reply.
  const toJon = await db.emailMessage.findFirstOrThrow({ where: { campaignId: mail.id, direction: "outbound", toAddress: "opener.jon@prospect.example" } });
  await setCampaignLeadInterest(actor, toJon.campaignLeadId!, "interested");
  await expectRollupRight("after replies, a duplicate read, an unsubscribe and interest");
  await expectAnalyticsTrue(actor, "after replies, a duplicate read, an unsubscribe and interest");

  // A LinkedIn lead who replied is marked interested; another writes after its campaign is done with it.
  const linkedinLeads = await db.campaignLead.findMany({ where: { campaignId: linkedin.id }, include: { lead: true }, orderBy: { seq: "asc" } });
  const repliedOnLinkedin = linkedinLeads.find((lead) => lead.lastReplyAt !== null)!;
  await setCampaignLeadInterest(actor, repliedOnLinkedin.id, "interested");
  const late = linkedinLeads.find((lead) => lead.messageSentAt !== null && lead.lastReplyAt === null && !["pending", "running", "paused"].includes(lead.status))!;
  const lateSender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: late.linkedinAccountId! } });
  clock.advance(60_000);
  const lateReply = { chatId: `late-${late.id}`, messageId: `late-${late.id}`, counterpartMemberId: late.lead.memberId!, isFromSender: false, text: "Sorry, only saw this now", at: now().toISOString() };
  expect(await recordChatMessage(lateSender, lateReply)).toBe(true);
  expect(await db.campaignLead.findUniqueOrThrow({ where: { id: late.id } }), "the late reply moves the lead nowhere").toMatchObject({ status: late.status, repliedAt: now() });
  await expectRollupRight("after LinkedIn interest and a late reply");
  await expectAnalyticsTrue(actor, "after LinkedIn interest and a late reply");

  // A lead deleted from the workspace, and the doomed campaign, leave the figures with their leads.
  const contactedLead = linkedinLeads.find((lead) => lead.invitationSentAt !== null && lead.id !== repliedOnLinkedin.id && lead.id !== late.id)!;
  await db.lead.delete({ where: { id: contactedLead.leadId } });
  await expectRollupRight("after a lead's deletion");
  const beforeDeletion = await expectAnalyticsTrue(actor, "after a lead's deletion");
  expect(beforeDeletion.truths.some((truth) => truth.campaignId === doomed.id), "the doomed campaign contacted someone").toBe(true);
  await deleteCampaign(actor, doomed.id);
  await expectRollupRight("after a campaign's deletion");
  expect(await db.campaignDailyOutcome.count({ where: { campaignId: doomed.id } })).toBe(0);
  ({ total } = await expectAnalyticsTrue(actor, "after a campaign's deletion"));
  expect(total.contacted).toBe(beforeDeletion.total.contacted - beforeDeletion.truths.filter((truth) => truth.campaignId === doomed.id).length);
}, 120_000);
