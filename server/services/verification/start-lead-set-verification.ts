// The dashboard's "Verify addresses" on a lead list or a campaign's leads: one job over the e-mail
// addresses of its leads (read in one query), with a campaign's own reading of free webmail (its
// verification setting), a list's as for companies. Fresh results count at once.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { campaignVerificationOf, type TVerificationJob } from "../../schemas/verification";
import { startVerificationJob } from "./start-verification-job";
import { HeraldError } from "../../lib/errors";

export type LeadSet = { listId: string } | { campaignId: string };

export async function startLeadSetVerification(actor: Actor, set: LeadSet): Promise<TVerificationJob> {
  let emails: Array<{ email: string | null }>;
  let targetsCompanies = true;
  if ("listId" in set) {
    // Read here rather than through lead-lists' services: they start verification jobs themselves.
    const list = await db.leadList.findFirst({ where: { id: set.listId, workspaceId: actor.workspaceId }, select: { id: true } });
    if (!list) throw HeraldError.notFound("Lead list");
    emails = await db.lead.findMany({ where: { workspaceId: actor.workspaceId, email: { not: null }, listEntries: { some: { listId: set.listId } } }, select: { email: true } });
  } else {
    const campaign = await db.campaign.findFirst({ where: { id: set.campaignId, workspaceId: actor.workspaceId }, select: { verification: true } });
    if (!campaign) throw HeraldError.notFound("Campaign");
    targetsCompanies = campaignVerificationOf(campaign.verification).targetsCompanies;
    emails = await db.lead.findMany({ where: { workspaceId: actor.workspaceId, email: { not: null }, campaignLeads: { some: { campaignId: set.campaignId } } }, select: { email: true } });
  }
  const addresses = emails.map((row) => row.email!).filter((email) => email.trim());
  if (!addresses.length) {
    throw new HeraldError({ code: "invalid-input", message: "None of these leads has an e-mail address to check." });
  }
  return startVerificationJob(actor, { emails: addresses.slice(0, 100_000), targetsCompanies }, "dashboard");
}
