// The campaign forecast against the real executor, lead by lead, on the sandbox network: each
// scenario sets up senders and leads with a manual clock, takes the forecast, runs the executor's
// minute passes (server/test/campaign-driver.ts) until the forecast's horizon, and compares
// everything the forecast predicts — each lead's sender, first action, steps with their outcome and
// time, status and end; the actions per day per sender; the totals; the finish date — with what the
// executor did. Beyond invite → message → visit (executor.test.ts): conditions, InMail with every
// `whenUnable`, exclusions across campaigns, pauses, withdrawals, an invitation already pending, and
// one lead in two campaigns with the same sender.
//
// Written against the code before the shared decision core (server/domain/sequence), on which only e
// passed. What each scenario caught, and where the one rule now lives:
// 1. A reply ends a lead at the pass that takes it in, not at the reply's own time (a, b, g):
//    forecast/sim-events.ts applies answers at the pass, as advanceSandboxNetwork does.
// 2. InMail credits (b): the executor counts its stored balance down per InMail to a closed profile
//    and to 0 on `no-inmail-credits`, so `whenUnable: auto` pauses the sender as documented
//    (decideStep / decideInmailUnable).
// 3. A step refused before anything was sent leaves a never-contacted lead pending (b).
// 4. Exclusions across campaigns, heldBy (c): holdsLead / exclusionScope (domain/sequence/exclusions.ts),
//    used by the executor's hold query and the forecast; the forecast simulates every active campaign
//    linked through senders or exclusions, and states people held by campaigns that are not active.
// 5. An invitation already pending (f): decideStep waits for it without acting in both.
// 6. Answers shared across campaigns (g): a reply or acceptance reaches every campaign lead of that
//    person with that sender, in the forecast as in the executor.
// 7. An executor deadlock (two turns finishing leads of one campaign in the same pass): the finish
//    check locks the campaign FOR NO KEY UPDATE (executor/settle-campaign-lead.ts).
// 8. Paused leads (d) are simulated: they never act, answers still end them.
// 9. E-mail: sending (h, i) in forecast-parity-email.test.ts; what comes back to a mailbox
//    (replies, bounces, complaints, a mailbox pausing itself) in forecast-parity-mail.test.ts.
// 10. Follow-ups before first visits (l) and delays edited under waiting leads (k), in
//    forecast-parity-turn-order.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { db, Prisma } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { zonedParts } from "@/server/lib/time-zones";
import { setMailProvider } from "@/server/providers/mail";
import { acceptanceTime, invitationKey, messageKey, replyRateFor, replyTime } from "@/server/providers/linkedin/sandbox/behaviour";
import { sandboxDirectory, sandboxProfileUrl, type DirectoryProspect } from "@/server/providers/linkedin/sandbox/directory";
import { sandboxIdentity } from "@/server/providers/linkedin/sandbox/sign-in-rules";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { pauseSender } from "@/server/services/senders/pause-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { campaignWith, connectBeforehand, forecastAll, inviteDirectly, memberOf } from "@/server/test/forecast-parity-campaigns";
import { addCampaignLeads } from "./add-campaign-leads";
import { pauseCampaignLead } from "./pause-campaign-lead";
import { updateCampaign } from "./update-campaign";

const directory = sandboxDirectory();
const OPEN = directory.filter((prospect) => prospect.openProfile);
const CLOSED = directory.filter((prospect) => !prospect.openProfile);
const DAY = 86_400_000;

// Each scenario has its own workspace and senders, but the database (and the executor's passes over
// every active campaign) is the file's: a scenario's campaigns stop when it ends.
afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});


describe("the forecast against the executor, lead by lead", () => {
  it("a. conditions: if_connected and if_open_profile, with leads connected or not, open profiles or not", async () => {
    const { clock, actor, senders } = await world("cond", "2026-03-01T10:00:00Z", ["rep0", "rep1"]);
    const connected = [CLOSED[0]!, CLOSED[1]!, OPEN[0]!];
    const open = [OPEN[1]!, OPEN[2]!];
    const plain = [CLOSED[2]!, CLOSED[3]!];
    const sequence: TSequenceInput = {
      steps: [
        { id: "look", type: "visit_profile", nextDelayHours: 20 },
        { id: "connected", type: "if_connected", parent: "look" },
        { id: "hello", type: "message", parent: "connected", branch: "yes", config: { text: "Good to see you here, {{firstName}}" } },
        { id: "open", type: "if_open_profile", parent: "connected", branch: "no", branchDelays: { yes: 3 } },
        { id: "inmail", type: "inmail", parent: "open", branch: "yes", config: { subject: "Hello", text: "Hi {{firstName}}", whenUnable: "skip" } },
        { id: "invite", type: "invite", parent: "open", branch: "no", branchDelays: { no: 120 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
      ],
    };
    const campaign = await campaignWith(actor, { name: "Conditions", pool: senders, sequence, prospects: [...connected, ...open, ...plain] });
    // On the Sunday before: three leads accept a direct invitation from their sender.
    for (const lead of campaign.leads.slice(0, 3)) await connectBeforehand(actor, lead.senderId, lead.prospect);

    clock.set("2026-03-02T07:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 12);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: both conditions took both branches on the executor.
    const outcomes = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepType: { in: ["if_connected", "if_open_profile"] } } });
    const taken = new Set(outcomes.map((step) => `${step.stepType}:${step.outcome}`));
    expect([...taken].sort()).toEqual(["if_connected:no", "if_connected:yes", "if_open_profile:no", "if_open_profile:yes"]);
    await expectParity(forecast, before);
  }, 120_000);

  it("b. InMail with whenUnable auto, skip and pause, from senders with credits, without, and with one left", async () => {
    const { clock, actor, senders } = await world("inmail", "2026-04-05T10:00:00Z", ["rep0", "rep1+premium", "rep2+premium"]);
    const [free, premium, lastCredit] = senders as [string, string, string];
    const accounts = await db.linkedinAccount.findMany({ where: { id: { in: senders } } });
    expect(Object.fromEntries(accounts.map((account) => [account.id, account.inmailBalance]))).toEqual({ [free]: 0, [premium]: 15, [lastCredit]: 15 });
    // The third sender has one credit left, on the network and in Herald's last reading of it.
    await db.sandboxMember.update({ where: { id: await memberOf(lastCredit) }, data: { inmailCredits: 1 } });
    await db.linkedinAccount.update({ where: { id: lastCredit }, data: { inmailBalance: 1 } });

    // The InMail; no reply in two days → a profile visit.
    const sequence = (whenUnable: "auto" | "skip" | "pause"): TSequenceInput => ({
      steps: [
        { id: "inmail", type: "inmail", nextDelayHours: 48, config: { subject: "Quick question", text: "Hi {{firstName}}", whenUnable } },
        { id: "look", type: "visit_profile", parent: "inmail", branch: "no" },
      ],
    });
    // Per campaign, each sender gets an open profile then a closed one (leads are given out in pool order).
    const campaigns = [];
    for (const [index, rule] of (["skip", "auto", "pause"] as const).entries()) {
      const prospects = [...OPEN.slice(3 + index * 3, 6 + index * 3), ...CLOSED.slice(10 + index * 3, 13 + index * 3)];
      const campaign = await campaignWith(actor, { name: `InMail ${rule}`, pool: senders, sequence: sequence(rule), prospects });
      expect(campaign.leads.map((lead) => lead.senderId)).toEqual([free, premium, lastCredit, free, premium, lastCredit]);
      campaigns.push(campaign);
    }

    clock.set("2026-04-06T07:00:00Z");
    for (const campaign of campaigns) await updateCampaign(actor, campaign.id, { status: "active" });
    const forecasts = await forecastAll(actor, campaigns.map((campaign) => campaign.id), 7);
    await driveCampaigns(clock, new Date(forecasts[0]!.forecast.horizonEnd));

    // The scenario did what it is for: a sender paused for want of credits, an InMail skipped.
    const paused = await db.linkedinAccount.findMany({ where: { id: { in: senders }, paused: true }, select: { pausedReason: true } });
    expect(paused.map((account) => account.pausedReason)).toContain("no-inmail-credits");
    expect(await db.campaignLeadStep.count({ where: { campaignId: { in: campaigns.map((campaign) => campaign.id) }, stepType: "inmail", status: "skipped" } })).toBeGreaterThan(0);
    for (const { forecast, before } of forecasts) await expectParity(forecast, before);
  }, 120_000);

  it("c. exclusions across campaigns: excludeOtherCampaigns and excludeSameSenderOtherCampaigns hold a lead another campaign is running", async () => {
    const { clock, actor, senders } = await world("excl", "2026-05-03T10:00:00Z", ["rep0", "rep1"]);
    const [first, second] = senders as [string, string];
    const [p1, p2, p3, p4, p5, p6, p7] = CLOSED.slice(30, 37) as [DirectoryProspect, DirectoryProspect, DirectoryProspect, DirectoryProspect, DirectoryProspect, DirectoryProspect, DirectoryProspect];
    // The holders: two visits three days apart, so their leads are running for a while. One of them
    // is paused once its lead has started (p7 stays running in it).
    const twoVisits: TSequenceInput = { steps: [{ id: "look", type: "visit_profile", nextDelayHours: 72 }, { id: "again", type: "visit_profile", parent: "look" }] };
    const pausedHolder = await campaignWith(actor, { name: "Paused holder", pool: [first], sequence: twoVisits, prospects: [p7] });
    const holder = await campaignWith(actor, { name: "Holder", pool: senders, sequence: twoVisits, prospects: [p1, p2, p3, p4] });
    expect(holder.leads.map((lead) => lead.senderId)).toEqual([first, second, first, second]);
    const visit: TSequenceInput = { steps: [{ id: "look", type: "visit_profile" }] };
    // Any other campaign holds its leads: p1 and p2 wait for the holder, p7 for the paused holder; p5 goes ahead.
    const anyOther = await campaignWith(actor, { name: "Exclude other campaigns", pool: [first], sequence: visit, prospects: [p1, p2, p5, p7], excludeOtherCampaigns: true });
    // Only the same sender's other campaigns hold: p4 (the holder's second sender) waits; p3 and p6 go ahead.
    const sameSender = await campaignWith(actor, { name: "Exclude same sender", pool: [second], sequence: visit, prospects: [p3, p4, p6], excludeSameSenderOtherCampaigns: true });

    clock.set("2026-05-04T07:00:00Z");
    await updateCampaign(actor, pausedHolder.id, { status: "active" });
    await driveCampaigns(clock, new Date("2026-05-04T07:05:00Z"));
    await updateCampaign(actor, pausedHolder.id, { status: "paused" });
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: pausedHolder.leads[0]!.id } })).status).toBe("running");
    const ids = [holder.id, anyOther.id, sameSender.id];
    for (const id of ids) await updateCampaign(actor, id, { status: "active" });
    const forecasts = await forecastAll(actor, ids, 7);
    // Leads the executor held at some point (it clears heldBy once the lead goes ahead).
    const held = new Set<string>();
    await driveCampaigns(clock, new Date(forecasts[0]!.forecast.horizonEnd), {
      onPass: async () => {
        const rows = await db.campaignLead.findMany({ where: { campaignId: { in: [anyOther.id, sameSender.id] }, heldBy: { not: Prisma.DbNull } }, select: { id: true } });
        for (const row of rows) held.add(row.id);
      },
    });

    // The scenario did what it is for: the executor held p1, p2, p4 and p7 (a lead running in a paused
    // campaign holds it too), and only them.
    expect([...held].sort()).toEqual([anyOther.leads[0]!.id, anyOther.leads[1]!.id, anyOther.leads[3]!.id, sameSender.leads[1]!.id].sort());
    for (const { forecast, before } of forecasts) await expectParity(forecast, before);
  }, 120_000);

  it("d. pauses: leads paused mid-campaign (one with a reply on its way), a paused sender in the pool, a paused campaign sharing the senders", async () => {
    const { clock, actor, senders } = await world("pause", "2026-05-31T10:00:00Z", ["rep0", "rep1", "rep2"]);
    const [first, , third] = senders as [string, string, string];
    const main = await campaignWith(actor, {
      name: "Main",
      pool: senders,
      sequence: {
        steps: [
          { id: "invite", type: "invite", branchDelays: { no: 96 } },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
          { id: "look", type: "visit_profile", parent: "invite", branch: "no" },
        ],
      },
      prospects: CLOSED.slice(40, 52),
    });
    const other = await campaignWith(actor, {
      name: "Other",
      pool: [first],
      sequence: { steps: [{ id: "look", type: "visit_profile", nextDelayHours: 24 }, { id: "again", type: "visit_profile", parent: "look" }] },
      prospects: CLOSED.slice(52, 58),
    });

    // Both campaigns run until a lead of the main one waits for a reply that the network will send
    // (its message is out, the answer not yet in). Invitations are capped at 1 a day per sender, so
    // some leads have not started by then.
    for (const id of senders) await db.linkedinAccount.update({ where: { id }, data: { limits: { daily: { invitations: 1 } } } });
    clock.set("2026-06-01T07:00:00Z");
    await updateCampaign(actor, main.id, { status: "active" });
    await updateCampaign(actor, other.id, { status: "active" });
    const members = new Map(await Promise.all(senders.map(async (id) => [id, await memberOf(id)] as const)));
    let replying: string | undefined;
    for (let hour = 1; hour <= 60 && !replying; hour++) {
      await driveCampaigns(clock, new Date(Date.parse("2026-06-01T07:00:00Z") + hour * 3_600_000));
      const messaged = await db.campaignLead.findMany({ where: { campaignId: main.id, status: "running", currentStepId: "thanks", phase: "waiting" }, include: { lead: true } });
      for (const row of messaged) {
        const pending = await db.sandboxMessage.count({ where: { fromMemberId: members.get(row.linkedinAccountId!)!, toMemberId: row.lead.memberId!, repliedAt: null, replyAt: { gt: clock.now() } } });
        if (pending) replying = row.id;
      }
    }
    expect(replying).toBeDefined();
    // Then: that lead, a lead waiting on its invitation and a lead not started are paused, the third
    // sender is paused, the other campaign is paused; two leads join.
    const rows = await db.campaignLead.findMany({ where: { campaignId: main.id }, orderBy: { seq: "asc" }, include: { lead: true } });
    const waiting = rows.find((row) => row.status === "running" && row.phase === "waiting" && row.currentStepId === "invite");
    const notStarted = rows.find((row) => row.status === "pending");
    expect(waiting).toBeDefined();
    expect(notStarted).toBeDefined();
    for (const id of [replying!, waiting!.id, notStarted!.id]) await pauseCampaignLead(actor, main.id, id);
    await pauseSender(actor, third);
    await updateCampaign(actor, other.id, { status: "paused" });
    await addCampaignLeads(actor, main.id, { leads: CLOSED.slice(60, 62).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) });

    const { forecast, before } = await forecastOne(actor, main.id, 7);
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: the paused sender and the paused campaign did nothing since,
    // and the paused lead's answer came (answers count while a lead is paused).
    const since = new Date(forecast.generatedAt);
    expect(await db.senderAction.count({ where: { accountId: third, createdAt: { gte: since } } })).toBe(0);
    expect(await db.senderAction.count({ where: { campaignLeadId: { in: other.leads.map((lead) => lead.id) }, createdAt: { gte: since } } })).toBe(0);
    expect(rows.filter((row) => row.linkedinAccountId === third && row.status !== "paused").length).toBeGreaterThan(0);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: replying! } })).status).toBe("replied");
    await expectParity(forecast, before);
  }, 120_000);

  it("e. withdrawals: an invitation not accepted in time is withdrawn, inside the schedule's window", async () => {
    const { clock, actor, senders } = await world("withdraw", "2026-07-02T13:00:00Z", ["rep0", "rep1"]);
    for (const id of senders) await db.linkedinAccount.update({ where: { id }, data: { limits: { daily: { invitations: 3 } } } });
    const campaign = await campaignWith(actor, {
      name: "Withdrawals",
      pool: senders,
      sequence: {
        steps: [
          { id: "invite", type: "invite", config: { withdrawEnabled: true, withdrawDays: 1 } },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
          { id: "look", type: "visit_profile", parent: "invite", branch: "no" },
        ],
      },
      prospects: CLOSED.slice(70, 80),
    });

    // Thursday 15:00 in Paris: invitations go out Thursday and Friday (3 a day per sender); those of
    // Friday come due on Saturday and wait for Monday's window to be withdrawn.
    const { forecast, before } = await forecastOne(actor, campaign.id, 10);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    const withdrawn = await db.senderAction.findMany({ where: { campaignLeadId: { in: campaign.leads.map((lead) => lead.id) }, status: "withdrawn" } });
    expect(withdrawn.length).toBeGreaterThan(0);
    for (const action of withdrawn) {
      const parts = zonedParts(action.withdrawnAt!, "Europe/Paris");
      expect(parts.isoWeekday).toBeLessThanOrEqual(5);
      expect(parts.hour).toBeGreaterThanOrEqual(9);
      expect(parts.hour).toBeLessThan(18);
    }
    // Some waited over the weekend.
    expect(withdrawn.some((action) => action.withdrawnAt!.getTime() - action.sentAt!.getTime() > 2 * DAY)).toBe(true);
    await expectParity(forecast, before);
  }, 120_000);

  it("f. an invitation already pending when the invite step comes", async () => {
    const label = "pending";
    const sentAt = new Date("2026-08-02T10:00:00Z");
    const memberOfName = (name: string) => sandboxIdentity(`${label}-${name}@example.com`).memberId;
    const [m0, m1] = [memberOfName("rep0"), memberOfName("rep1")];
    const pool = CLOSED.slice(90);
    // A prospect who accepts the first sender's direct invitation on Monday or Tuesday (after the
    // campaign starts), and one who never accepts the second sender's.
    const accepts = pool.find((prospect) => {
      const at = acceptanceTime(invitationKey(m0, prospect.id, 0), prospect.acceptRate, sentAt);
      return at !== null && at.getTime() > Date.parse("2026-08-03T09:00:00Z") && at.getTime() < Date.parse("2026-08-04T20:00:00Z");
    })!;
    const never = pool.find((prospect) => prospect !== accepts && acceptanceTime(invitationKey(m1, prospect.id, 0), prospect.acceptRate, sentAt) === null)!;
    const others = pool.filter((prospect) => prospect !== accepts && prospect !== never).slice(0, 4);
    expect(accepts).toBeDefined();
    expect(never).toBeDefined();

    const { clock, actor, senders } = await world(label, sentAt.toISOString(), ["rep0", "rep1"]);
    const campaign = await campaignWith(actor, {
      name: "Pending",
      pool: senders,
      sequence: {
        steps: [
          { id: "invite", type: "invite", config: { withdrawEnabled: true, withdrawDays: 4 } },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}" } },
          { id: "look", type: "visit_profile", parent: "invite", branch: "no" },
        ],
      },
      prospects: [accepts, never, ...others],
    });
    expect(campaign.leads.slice(0, 2).map((lead) => lead.senderId)).toEqual(senders);
    // On the Sunday before: each lead's own sender invites it directly; and the first lead's other
    // sender invites a third lead (an invitation from someone else does not count).
    await inviteDirectly(actor, senders[0]!, accepts);
    await inviteDirectly(actor, senders[1]!, never);
    const third = campaign.leads[2]!;
    await inviteDirectly(actor, senders.find((id) => id !== third.senderId)!, third.prospect);

    clock.set("2026-08-03T07:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 10);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: the executor found the two invitations pending and sent none
    // to those leads (their invite step is skipped), and invited the others.
    const skipped = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "invite", status: "skipped" }, select: { campaignLeadId: true } });
    expect(skipped.map((step) => step.campaignLeadId).sort()).toEqual([campaign.leads[0]!.id, campaign.leads[1]!.id].sort());
    const invited = await db.senderAction.findMany({ where: { campaignLeadId: { in: campaign.leads.map((lead) => lead.id) }, type: "invitation" }, select: { campaignLeadId: true } });
    expect(invited.map((action) => action.campaignLeadId).sort()).toEqual(campaign.leads.slice(2).map((lead) => lead.id).sort());
    await expectParity(forecast, before);
  }, 120_000);

  it("g. the same lead in two campaigns with the same sender: a reply to one campaign ends the other", async () => {
    const label = "shared";
    const member = sandboxIdentity(`${label}-rep0+premium@example.com`).memberId;
    // Two prospects who answer the sender's first InMail (whenever it goes out) and one who does not.
    const answers = (prospect: DirectoryProspect) => replyTime(messageKey(member, prospect.id, 0), replyRateFor("inmail", prospect.replyRate), new Date("2026-09-07T07:00:00Z")) !== null;
    const candidates = CLOSED.slice(120);
    const prospects = [...candidates.filter(answers).slice(0, 2), candidates.find((prospect) => !answers(prospect))!];
    expect(prospects).toHaveLength(3);

    const { clock, actor, senders } = await world(label, "2026-09-06T10:00:00Z", ["rep0+premium"]);
    const inmails = await campaignWith(actor, {
      name: "InMails",
      pool: senders,
      sequence: {
        steps: [
          { id: "inmail", type: "inmail", nextDelayHours: 72, config: { subject: "Hello", text: "Hi {{firstName}}" } },
          { id: "look", type: "visit_profile", parent: "inmail", branch: "no" },
        ],
      },
      prospects,
    });
    const visits = await campaignWith(actor, {
      name: "Visits",
      pool: senders,
      sequence: { steps: [{ id: "look", type: "visit_profile", nextDelayHours: 96 }, { id: "again", type: "visit_profile", parent: "look" }] },
      prospects,
    });

    clock.set("2026-09-07T06:00:00Z");
    const ids = [inmails.id, visits.id];
    for (const id of ids) await updateCampaign(actor, id, { status: "active" });
    const forecasts = await forecastAll(actor, ids, 6);
    await driveCampaigns(clock, new Date(forecasts[0]!.forecast.horizonEnd));

    // The scenario did what it is for: the two who answered the InMail are replied in both campaigns.
    const replied = await db.campaignLead.findMany({ where: { campaignId: { in: ids }, status: "replied" }, select: { id: true } });
    expect(replied.map((row) => row.id).sort()).toEqual([inmails.leads[0]!.id, inmails.leads[1]!.id, visits.leads[0]!.id, visits.leads[1]!.id].sort());
    for (const { forecast, before } of forecasts) await expectParity(forecast, before);
  }, 120_000);
});
