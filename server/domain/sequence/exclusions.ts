// Cross-campaign exclusions: a campaign may keep its lead waiting while the same person is running
// in another campaign — any other campaign, or only the other campaigns of the lead's sender. The
// executor asks the database for such a holder, the forecast its simulated leads; the rule is this.
// Pure.

export interface CampaignExclusions {
  excludeOtherCampaigns: boolean;
  excludeSameSenderOtherCampaigns: boolean;
}

/** Whose other campaigns hold a campaign's leads: any sender's, only the lead's own sender's, or none. */
export function exclusionScope(campaign: Partial<CampaignExclusions>): "any-sender" | "same-sender" | null {
  if (campaign.excludeOtherCampaigns) return "any-sender";
  if (campaign.excludeSameSenderOtherCampaigns) return "same-sender";
  return null;
}

/** Whether `other` (the same person's lead in another campaign) holds `lead`, per its campaign's exclusions. */
export function holdsLead(
  campaign: Partial<CampaignExclusions>,
  lead: { campaignId: string; senderId: string | null },
  other: { campaignId: string; senderId: string | null; status: string },
): boolean {
  const scope = exclusionScope(campaign);
  if (!scope || other.campaignId === lead.campaignId || other.status !== "running") return false;
  return scope === "any-sender" || other.senderId === lead.senderId;
}
