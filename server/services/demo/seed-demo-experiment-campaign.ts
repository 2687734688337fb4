// The Quick start's third sample: a finished campaign whose thank-you message was an A/B test, with
// the history of 450 leads, so the campaign's Experiments panel gives a verdict in words on first
// start. Its leads are fictional and at rest (the campaign is finished: activating it sends nothing);
// their journal and outcomes are written as the executor would have left them. Created with the
// first sample, once; never touched again.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { createCampaign } from "../campaigns/create-campaign";

export const EXPERIMENT_SAMPLE_NAME = "Sample: an A/B test with results";

/** Per variant of the thank-you message: leads it reached, of whom replied, of whom interested. */
export const EXPERIMENT_SAMPLE_VARIANTS = [
  { variantId: "a", reached: 220, replied: 18, interested: 7 },
  { variantId: "b", reached: 230, replied: 34, interested: 15 },
] as const;

const FIRST_NAMES = ["Alex", "Sam", "Robin", "Jordan", "Casey", "Morgan", "Taylor", "Jamie", "Riley", "Quinn"];
const LAST_NAMES = ["Moreau", "Schmidt", "Rossi", "García", "Novak", "Jansen", "Dubois", "Keller", "Lindqvist", "Silva"];
const COMPANIES = ["Fernwood Labs", "Brightline Logistics", "Orbit Health", "Kestrel Analytics", "Tidewater Foods", "Nimbus Retail"];
const DAY = 24 * 3600_000;

export async function seedDemoExperimentCampaign(actor: Actor, senderIds: string[]): Promise<{ campaignId: string }> {
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: EXPERIMENT_SAMPLE_NAME,
      status: "paused",
      linkedinAccountIds: senderIds,
      sequence: {
        steps: [
          { id: "invite", type: "invite", config: { note: "Hi {{firstName}}, would be glad to connect." }, branchDelays: { yes: 4 } },
          {
            id: "thanks",
            type: "message",
            parent: "invite",
            branch: "yes",
            nextDelayHours: 72,
            config: {
              text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?",
              variants: [
                { id: "a", text: "Thanks for connecting, {{firstName}}! We help teams like {{company}} book more meetings. Worth a chat?" },
                { id: "b", text: "Great to connect, {{firstName}}. Curious how {{company}} handles outbound today?" },
              ],
            },
          },
        ],
      },
    }),
  );
  const at = now();
  const started = new Date(at.getTime() - 30 * DAY);
  const plan = EXPERIMENT_SAMPLE_VARIANTS.flatMap((variant) =>
    Array.from({ length: variant.reached }, (_, index) => ({ variantId: variant.variantId, replied: index < variant.replied, interested: index < variant.interested })),
  );
  const leads = await db.lead.createManyAndReturn({
    data: plan.map((_, index) => ({
      workspaceId: actor.workspaceId,
      firstName: FIRST_NAMES[index % FIRST_NAMES.length],
      lastName: `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]} ${index + 1}`,
      company: COMPANIES[index % COMPANIES.length],
      source: "demo",
      createdAt: started,
      updatedAt: started,
    })),
    select: { id: true },
  });
  // Spread over the month: invited, accepted a day later, thanked four hours after that.
  const moments = plan.map((_, index) => {
    const invited = new Date(started.getTime() + Math.floor((index / plan.length) * 25 * DAY));
    const accepted = new Date(invited.getTime() + DAY);
    const thanked = new Date(accepted.getTime() + 4 * 3600_000);
    return { invited, accepted, thanked, answered: new Date(thanked.getTime() + 20 * 3600_000), finished: new Date(thanked.getTime() + 72 * 3600_000) };
  });
  const rows = await db.campaignLead.createManyAndReturn({
    data: plan.map((lead, index) => {
      const moment = moments[index]!;
      return {
        workspaceId: actor.workspaceId,
        campaignId: campaign.id,
        leadId: leads[index]!.id,
        linkedinAccountId: senderIds[index % senderIds.length] ?? null,
        status: lead.replied ? ("replied" as const) : ("done" as const),
        phase: "ready",
        currentStepId: "thanks",
        currentStepType: "message",
        contacted: true,
        interest: lead.replied ? (lead.interested ? "interested" : "neutral") : null,
        invitationSentAt: moment.invited,
        invitationAccepted: true,
        invitationAcceptedAt: moment.accepted,
        messageSentAt: moment.thanked,
        lastReplyAt: lead.replied ? moment.answered : null,
        finishedAt: lead.replied ? moment.answered : moment.finished,
        createdAt: started,
        updatedAt: lead.replied ? moment.answered : moment.finished,
      };
    }),
    select: { id: true },
  });
  await db.campaignLeadStep.createMany({
    data: rows.flatMap((row, index) => {
      const lead = plan[index]!;
      const moment = moments[index]!;
      return [
        { campaignLeadId: row.id, campaignId: campaign.id, stepId: "invite", stepType: "invite", variantId: "a", status: "done", outcome: "yes", startedAt: moment.invited, finishedAt: moment.accepted },
        {
          campaignLeadId: row.id,
          campaignId: campaign.id,
          stepId: "thanks",
          stepType: "message",
          variantId: lead.variantId,
          status: "done",
          outcome: lead.replied ? "yes" : "no",
          startedAt: moment.thanked,
          finishedAt: lead.replied ? moment.answered : moment.finished,
        },
      ];
    }),
  });
  // Every lead is at rest: the campaign is finished, so activating it fires no campaign.finished.
  await db.campaign.update({ where: { id: campaign.id }, data: { finishedAt: moments.at(-1)!.finished } });
  return { campaignId: campaign.id };
}
