// What the queue shows beside a draft: the lead's card, the campaign's name and the sender's name.
// The lead comes joined with the draft (DRAFT_LEAD_INCLUDE); the names are read once per page, so a
// page costs the same few statements however many drafts it holds.
import { db, type DbClient } from "../../db/client";
import type { Lead } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import type { TApprovalStatus } from "../../schemas/approvals";

const LEAD_CARD = { firstName: true, lastName: true, headline: true, profileUrl: true, publicIdentifier: true, picture: true, company: true } as const;

/** Joins a draft with its lead's card (drafts have no direct relation to the lead, only to its campaign lead). */
export const DRAFT_LEAD_INCLUDE = { campaignLead: { select: { lead: { select: LEAD_CARD } } } } as const;

export type LeadCard = Pick<Lead, keyof typeof LEAD_CARD>;

export interface DraftNames {
  campaigns: Map<string, string>;
  senders: Map<string, string | null>;
}

/** The campaign and sender names of a page of drafts, by id. */
export async function draftNames(rows: Array<{ campaignId: string; linkedinAccountId: string }>, client: DbClient = db): Promise<DraftNames> {
  const campaignIds = [...new Set(rows.map((row) => row.campaignId))];
  const senderIds = [...new Set(rows.map((row) => row.linkedinAccountId))];
  const [campaigns, senders] = await Promise.all([
    campaignIds.length ? client.campaign.findMany({ where: { id: { in: campaignIds } }, select: { id: true, name: true } }) : [],
    senderIds.length ? client.linkedinAccount.findMany({ where: { id: { in: senderIds } }, select: { id: true, label: true, fullName: true } }) : [],
  ]);
  return {
    campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign.name])),
    senders: new Map(senders.map((sender) => [sender.id, sender.label || sender.fullName || null])),
  };
}

export function leadCard(lead: LeadCard) {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    headline: lead.headline,
    profileUrl: lead.profileUrl,
    publicIdentifier: lead.publicIdentifier,
    picture: lead.picture,
    company: lead.company,
  };
}

/** The queue's filters, for either kind's table (the same columns). */
export function draftFilters(actor: Actor, filters: { status?: TApprovalStatus; campaignId?: string; linkedinAccountId?: string }) {
  return {
    workspaceId: actor.workspaceId,
    status: filters.status ?? "pending",
    ...(filters.campaignId ? { campaignId: filters.campaignId } : {}),
    ...(filters.linkedinAccountId ? { linkedinAccountId: filters.linkedinAccountId } : {}),
  };
}

/** Rows fetched by id, in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
