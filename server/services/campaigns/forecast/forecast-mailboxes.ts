// The forecast's e-mail side, read from the database: the mailboxes of the simulated campaigns and
// leads, a mailbox for the forecast campaign's leads that have none (as assignment gives it), what
// recipients do with tracked e-mails, and what the forecast assumes about e-mail.
import { db } from "../../../db/client";
import type { Campaign, CampaignLead } from "../../../db/generated/client";
import { turnMailbox } from "../../../domain/sequence/turn-policy";
import { mailboxLoads } from "../assign-campaign-mailboxes";
import { pickSenders } from "../assign-campaign-senders";
import { readTracking } from "../campaign-columns";
import { emailOutcomeModel } from "./email-outcome-model";
import { loadSimMailboxes } from "./load-sim-mailboxes";
import type { EmailOutcomeModel, SimMailbox } from "./simulation-types";

export interface ForecastMailboxes {
  mailboxes: SimMailbox[];
  /** The mailbox each of the campaign's leads without one would get. */
  assignedMailbox: Map<string, string | null>;
  emailModel: EmailOutcomeModel | undefined;
  emailsBefore: Array<{ mailboxId: string; address: string; count: number }>;
  assumptions: string[];
}

export async function forecastMailboxes(input: {
  campaign: Campaign;
  campaigns: Campaign[];
  rows: Array<CampaignLead & { lead: { email: string | null } }>;
  start: Date;
  /** The campaign's sequence has e-mail steps. */
  email: boolean;
}): Promise<ForecastMailboxes> {
  const { campaign, rows, start } = input;
  const assumptions: string[] = [];
  // Leads without a mailbox get one as enrolment and mailbox assignment give it (assign-campaign-mailboxes.ts).
  const withoutMailbox = rows.filter((row) => row.campaignId === campaign.id && !row.emailAccountId);
  const given = withoutMailbox.length ? pickSenders(campaign.emailAccountIds, await mailboxLoads(db, campaign.id, campaign.emailAccountIds), withoutMailbox.length) : [];
  const assignedMailbox = new Map(withoutMailbox.map((row, index) => [row.id, given[index] ?? null]));
  const mailboxIds = [...new Set([...input.campaigns.flatMap((row) => row.emailAccountIds), ...rows.flatMap((row) => (row.emailAccountId ? [row.emailAccountId] : []))])];
  const { rows: mailboxRows, mailboxes } = await loadSimMailboxes(mailboxIds, start);
  if (!input.email) return { mailboxes, assignedMailbox, emailModel: undefined, emailsBefore: [], assumptions };

  assumptions.push(
    "E-mail replies, bounces and unsubscribes are not forecast yet (Herald does not read them yet): each e-mail step moves on by its no-reply branch once its delay is over.",
  );
  if (!campaign.emailAccountIds.length) assumptions.push("The campaign has no mailboxes yet: its leads' e-mail steps fail until mailboxes join its pool.");
  const resting = mailboxRows.filter((row) => campaign.emailAccountIds.includes(row.id) && !turnMailbox(row).available);
  if (resting.length) assumptions.push(`${resting.length} mailbox${resting.length > 1 ? "es are" : " is"} paused or not connected and will not send.`);

  const tracking = readTracking(campaign.tracking);
  // Nothing to see: the campaign tracks nothing, or has no mailbox to send from.
  if ((tracking.opens !== "on" && tracking.clicks !== "on") || !mailboxRows.length) return { mailboxes, assignedMailbox, emailModel: undefined, emailsBefore: [], assumptions };
  const outcomes = await emailOutcomeModel(mailboxRows, campaign.workspaceId, start);
  assumptions.push(outcomes.assumption);
  // The outcome model counts the e-mails each mailbox sent to each address before.
  const addresses = [...new Set(rows.flatMap((row) => (row.lead.email ? [row.lead.email.trim().toLowerCase()] : [])))];
  const before = addresses.length
    ? await db.emailMessage.groupBy({
        by: ["mailboxId", "toAddress"],
        where: { mailboxId: { in: mailboxIds }, toAddress: { in: addresses }, direction: "outbound", status: "sent" },
        _count: { _all: true },
      })
    : [];
  return {
    mailboxes,
    assignedMailbox,
    emailModel: outcomes.model,
    emailsBefore: before.map((row) => ({ mailboxId: row.mailboxId, address: row.toAddress, count: row._count._all })),
    assumptions,
  };
}
