// The LinkedIn scenarios' setup for forecast-parity.test.ts: campaigns of sandbox prospects on the
// parity schedule, invitations sent and accepted beforehand, forecasts of several campaigns at once.
import { expect } from "vitest";
import { db } from "../db/client";
import type { Actor } from "../lib/actor";
import { sandboxProfileUrl, type DirectoryProspect } from "../providers/linkedin/sandbox/directory";
import { ZCreateCampaignInput } from "../schemas/campaign";
import type { TCampaignForecast } from "../schemas/campaign-forecast";
import { ZLeadsInput } from "../schemas/lead";
import type { TSequenceInput } from "../schemas/sequence";
import { addCampaignLeads } from "../services/campaigns/add-campaign-leads";
import { createCampaign } from "../services/campaigns/create-campaign";
import { sendConnectionRequest } from "../services/direct-actions/send-connection-request";
import { acceptInvitationAsSandboxProspect } from "../services/sandbox/act-as-prospect";
import { forecastOne, type Before } from "./forecast-parity";

/** Weekdays, 09:00 to 18:00 in Paris: the parity scenarios' schedule. */
export const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

/** The sandbox member a sender acts as. */
export async function memberOf(senderId: string): Promise<string> {
  const account = await db.linkedinAccount.findUniqueOrThrow({ where: { id: senderId } });
  return (await db.sandboxSession.findUniqueOrThrow({ where: { id: account.providerAccountId } })).memberId;
}

/** A paused campaign with these leads; returns it and its leads' ids and senders, in the order given. */
export async function campaignWith(
  actor: Actor,
  input: { name: string; pool: string[]; sequence: TSequenceInput; prospects: DirectoryProspect[]; excludeOtherCampaigns?: boolean; excludeSameSenderOtherCampaigns?: boolean },
) {
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: input.name,
      linkedinAccountIds: input.pool,
      sequence: input.sequence,
      schedule: SCHEDULE,
      excludeOtherCampaigns: input.excludeOtherCampaigns,
      excludeSameSenderOtherCampaigns: input.excludeSameSenderOtherCampaigns,
    }),
  );
  const added = await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: input.prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  expect(added.added).toBe(input.prospects.length);
  const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true } });
  const leads = input.prospects.map((prospect) => {
    const row = rows.find((candidate) => candidate.lead.publicIdentifier === prospect.publicIdentifier)!;
    return { id: row.id, senderId: row.linkedinAccountId!, prospect };
  });
  return { id: campaign.id, leads };
}

/** The sender invites the prospect as a direct action (outside any campaign). */
export async function inviteDirectly(actor: Actor, senderId: string, prospect: DirectoryProspect): Promise<string> {
  await sendConnectionRequest(actor, senderId, { profileUrl: sandboxProfileUrl(prospect.publicIdentifier) });
  const invitation = await db.sandboxInvitation.findFirstOrThrow({ where: { fromMemberId: await memberOf(senderId), toMemberId: prospect.id, status: "pending" } });
  return invitation.id;
}

/** The sender and the prospect are connected before the campaign starts (an invitation accepted on the Sandbox page). */
export async function connectBeforehand(actor: Actor, senderId: string, prospect: DirectoryProspect): Promise<void> {
  await acceptInvitationAsSandboxProspect(actor, await inviteDirectly(actor, senderId, prospect));
}

/** The forecasts of several campaigns at the same moment (each sees the others compete for the senders). */
export async function forecastAll(actor: Actor, campaignIds: string[], days: number) {
  const taken: Array<{ forecast: TCampaignForecast; before: Before }> = [];
  for (const id of campaignIds) taken.push(await forecastOne(actor, id, days));
  return taken;
}
