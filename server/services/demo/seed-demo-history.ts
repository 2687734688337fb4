// The demo's history: a campaign that ran over the last twelve weeks, so that the Analytics home
// shows outcomes on first start and the message step's A/B test has enough leads to tell. Its 600
// leads finished long ago (done or replied) and the campaign is paused: nothing of it ever runs. The
// leads' columns are those the executor and the mail readers write (invitation sent and accepted,
// message and e-mail sent, replies, bounces, interest, an outcome), with the journal of the steps
// each reached and the variant it got, chosen as the executor chooses it. Deterministic: the same
// draws at every seed, relative to the day it is seeded.
import { randomBytes } from "node:crypto";
import { db, type Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { mulberry32 } from "../../lib/seeded-random";
import { chooseVariant } from "../../domain/sequence/choose-variant";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { readSequence } from "../campaigns/campaign-columns";
import { createCampaign } from "../campaigns/create-campaign";

const LEADS = 600;
const DAYS = 84;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST = ["Ava", "Liam", "Mia", "Noah", "Zoe", "Omar", "Lena", "Hugo", "Sara", "Ivan", "Nora", "Theo", "Ines", "Leo", "Emma", "Yuki", "Amir", "Clara", "Jonas", "Priya"];
const LAST = ["Martin", "Schmidt", "Rossi", "Nguyen", "Kowalski", "Dubois", "Jensen", "Silva", "Novak", "Moreau", "Fischer", "Lopez", "Berg", "Costa", "Meyer", "Hansen", "Laurent", "Ortiz", "Weber", "Kaur"];
const COMPANIES = ["Northwind", "Brightline", "Quanta Labs", "Helio", "Copperleaf", "Tandem", "Bluefin", "Parcel", "Orbit Health", "Fernway", "Kiteworks", "Lumen AI"];
/**
 * Reply rates after the thank-you message, per variant: B is clearly better, as the Experiments panel
 * should tell. Met exactly (every k-th lead of a variant replies), so the verdict does not hang on
 * the draw of which lead got which variant.
 */
const REPLY_RATE = [0.09, 0.2];

export async function seedDemoHistory(actor: Actor, senderIds: string[]): Promise<{ campaignId: string } | null> {
  if (!senderIds.length) return null;
  const mailbox = await db.mailbox.findFirst({ where: { workspaceId: actor.workspaceId }, select: { id: true, email: true } });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Sample: last quarter's outreach",
      status: "paused",
      linkedinAccountIds: senderIds,
      emailAccountIds: mailbox ? [mailbox.id] : [],
      aiInterestEnabled: true,
      sequence: {
        steps: [
          { id: "invite", type: "invite", config: { note: "Hi {{firstName}}, would be glad to connect.", withdrawEnabled: true, withdrawDays: 7 }, branchDelays: { yes: 24, no: 24 } },
          {
            id: "thanks",
            type: "message",
            parent: "invite",
            branch: "yes",
            config: {
              text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?",
              variants: [
                { text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?" },
                { text: "Great to connect, {{firstName}}. Curious how {{company}} handles outbound today?" },
              ],
            },
          },
          ...(mailbox
            ? [{ id: "mail", type: "email", parent: "invite", branch: "no", config: { subject: "{{company}} and outbound", text: "Hi {{firstName}}, I tried to reach you on LinkedIn. Worth a short call?" } }]
            : []),
        ],
      },
    }),
  );
  const steps = readSequence((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { sequence: true } })).sequence).steps;
  const variantsOf = (stepId: string) => steps.find((step) => step.id === stepId)!.config.variants;
  const draw = mulberry32(36);
  const today = now().getTime();
  const stamp = now();
  const leads: Prisma.LeadCreateManyInput[] = [];
  const campaignLeads: Prisma.CampaignLeadCreateManyInput[] = [];
  const journal: Prisma.CampaignLeadStepCreateManyInput[] = [];
  const past = (at: Date) => at.getTime() < today;
  const messagedPerVariant = [0, 0];
  const repliesNext = (variant: number) => {
    const seen = messagedPerVariant[variant]!++;
    return Math.floor((seen + 1) * REPLY_RATE[variant]!) > Math.floor(seen * REPLY_RATE[variant]!);
  };
  for (let index = 0; index < LEADS; index += 1) {
    const leadId = `led_${randomBytes(16).toString("hex")}`;
    const campaignLeadId = `cld_${randomBytes(16).toString("hex")}`;
    const [firstName, lastName, company] = [FIRST[index % FIRST.length]!, LAST[Math.floor(index / FIRST.length) % LAST.length]!, COMPANIES[index % COMPANIES.length]!];
    const identifier = `${firstName}-${lastName}-${index}`.toLowerCase();
    const email = `${firstName}.${lastName}${index}@${company.toLowerCase().replace(/[^a-z]/g, "")}.example`.toLowerCase();
    leads.push({ id: leadId, workspaceId: actor.workspaceId, publicIdentifier: identifier, profileUrl: `https://www.linkedin.com/in/${identifier}`, email, firstName, lastName, company, source: "csv", createdAt: stamp, updatedAt: stamp });

    // Invited over the twelve weeks (busier lately), at a working hour.
    const invitedAt = new Date(today - Math.floor(DAYS * Math.sqrt(1 - index / LEADS)) * DAY + (9 + Math.floor(draw() * 8)) * HOUR - (today % DAY));
    // The steps that reached the lead, written with it (as the journal's trigger would keep them), so
    // that inserting the journal has nothing left to change on the leads.
    const reached: string[] = [];
    const entry = (stepId: string, type: string, at: Date, status = "done", outcome: string | null = null) => {
      const variant = chooseVariant(variantsOf(stepId), campaignLeadId, stepId);
      journal.push({ campaignLeadId, campaignId: campaign.id, stepId, stepType: type, variantId: variant.id, status, outcome, startedAt: at, finishedAt: at });
      reached.push(`${status === "done" ? "" : "~"}${stepId}:${variant.id}`);
      return variant;
    };
    const row: Prisma.CampaignLeadCreateManyInput = {
      id: campaignLeadId,
      workspaceId: actor.workspaceId,
      campaignId: campaign.id,
      leadId,
      linkedinAccountId: senderIds[index % senderIds.length]!,
      status: "done",
      phase: "ready",
      contacted: true,
      invitationSentAt: invitedAt,
      reached,
      createdAt: new Date(invitedAt.getTime() - HOUR),
      updatedAt: stamp,
    };
    let repliedAt: Date | null = null;
    let finishedAt = new Date(invitedAt.getTime() + 10 * DAY);
    const acceptedAt = new Date(invitedAt.getTime() + (6 + draw() * 60) * HOUR);
    const messagedAt = new Date(acceptedAt.getTime() + 24 * HOUR);
    const accepted = draw() < 0.45 && past(messagedAt);
    entry("invite", "invite", invitedAt, "done", accepted ? "yes" : "no");
    if (accepted) {
      const variant = entry("thanks", "message", messagedAt);
      Object.assign(row, { invitationAccepted: true, invitationAcceptedAt: acceptedAt, messageSentAt: messagedAt });
      // A reply the draw would place after the seed came just before it.
      const replyAt = Math.min(messagedAt.getTime() + (2 + draw() * 70) * HOUR, Math.max(today - 60_000, messagedAt.getTime() + 1000));
      if (repliesNext(variantsOf("thanks").indexOf(variant))) repliedAt = new Date(replyAt);
    } else if (mailbox && past(new Date(invitedAt.getTime() + 8 * DAY))) {
      const sentAt = new Date(invitedAt.getTime() + 8 * DAY);
      const bounced = draw() < 0.04;
      entry("mail", "email", sentAt, bounced ? "failed" : "done");
      Object.assign(row, { emailAccountId: mailbox.id, emailContacted: true, emailSentAt: sentAt, invitationWithdrawnAt: new Date(invitedAt.getTime() + 7 * DAY) });
      if (bounced) {
        finishedAt = new Date(sentAt.getTime() + 60_000);
        Object.assign(row, { status: "failed", emailBouncedAt: finishedAt, error: "The e-mail bounced: the address does not exist" });
      } else if (draw() < 0.06) {
        repliedAt = new Date(sentAt.getTime() + (3 + draw() * 48) * HOUR);
        if (past(repliedAt)) row.emailRepliedAt = repliedAt;
      } else if (draw() < 0.015 && past(new Date(sentAt.getTime() + 5 * HOUR))) {
        finishedAt = new Date(sentAt.getTime() + 5 * HOUR);
        Object.assign(row, { status: "stopped", unsubscribedAt: finishedAt });
      }
    }
    if (repliedAt && past(repliedAt)) {
      const interest = draw();
      finishedAt = repliedAt;
      Object.assign(row, {
        status: "replied",
        lastReplyAt: repliedAt,
        interest: interest < 0.45 ? "interested" : interest < 0.75 ? "neutral" : "not_interested",
        interestBy: "ai",
        ...(interest < 0.2 && past(new Date(repliedAt.getTime() + 2 * DAY)) ? { outcome: "Meeting booked", outcomeAt: new Date(repliedAt.getTime() + 2 * DAY) } : {}),
      });
    }
    // The latest leads' sequences are cut short at the seed: they finished when it was made.
    row.finishedAt = past(finishedAt) ? finishedAt : stamp;
    campaignLeads.push(row);
  }
  const seeded = db.$transaction([
    db.lead.createMany({ data: leads }),
    db.campaignLead.createMany({ data: campaignLeads }),
    db.campaignLeadStep.createMany({ data: journal }),
    // Every lead at rest: the campaign finished (activating it sends nothing).
    db.campaign.update({ where: { id: campaign.id }, data: { finishedAt: stamp } }),
  ]);
  await seeded.catch(async (failure: unknown) => {
    // No empty history left behind: a later start (which seeds only with the first sample) would keep it.
    await db.campaign.delete({ where: { id: campaign.id } });
    throw failure;
  });
  return { campaignId: campaign.id };
}
