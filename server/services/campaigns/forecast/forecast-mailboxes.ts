// The forecast's e-mail side, read from the database: the mailboxes of the simulated campaigns and
// leads, a mailbox for the forecast campaign's leads that have none (as assignment gives it), what
// recipients do with e-mails (email-outcome-model.ts) and the e-mail history it starts from
// (email-history.ts), and what the forecast assumes about e-mail.
import { db } from "../../../db/client";
import type { MailboxRateLimits } from "../../../domain/mail/decide-mailbox-pause";
import { env } from "../../../env";
import type { Campaign, CampaignLead } from "../../../db/generated/client";
import { turnMailbox } from "../../../domain/sequence/turn-policy";
import { mailboxLoads } from "../assign-campaign-mailboxes";
import { pickSenders } from "../assign-campaign-senders";
import { deadAddressesOf, emailHistory, sentEmailsOf, type EmailHistory } from "./email-history";
import { emailOutcomeModel } from "./email-outcome-model";
import { loadSimMailboxes } from "./load-sim-mailboxes";
import { sequenceOf } from "../executor/load-campaign-sequence";
import { EMAIL_ACTIVITY_CONDITIONS } from "../../../schemas/sequence";
import type { EmailOutcomeModel, SimMailbox, SimSentEmail } from "./simulation-types";

export interface ForecastMailboxes extends EmailHistory {
  /** The workspace's dead addresses among the leads'. */
  deadAddresses: string[];
  /** The rates past which a mailbox pauses itself. */
  mailboxRateLimits: MailboxRateLimits;
  mailboxes: SimMailbox[];
  /** The mailbox each of the campaign's leads without one would get. */
  assignedMailbox: Map<string, string | null>;
  emailModel: EmailOutcomeModel | undefined;
  /** Each simulated campaign lead's e-mails with their recorded opens and clicks, when a sequence asks about them. */
  sentEmails: Map<string, SimSentEmail[]>;
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
  const activity = input.campaigns.some((row) => sequenceOf(row).steps.some((step) => EMAIL_ACTIVITY_CONDITIONS.has(step.type)));
  const { campaign, rows, start } = input;
  const assumptions: string[] = [];
  const settings = env();
  const mailboxRateLimits = { maxBounceRate: settings.HERALD_MAILBOX_MAX_BOUNCE_RATE / 100, maxComplaintRate: settings.HERALD_MAILBOX_MAX_COMPLAINT_RATE / 100 };
  // Leads without a mailbox get one as enrolment and mailbox assignment give it (assign-campaign-mailboxes.ts).
  const withoutMailbox = rows.filter((row) => row.campaignId === campaign.id && !row.emailAccountId);
  const given = withoutMailbox.length ? pickSenders(campaign.emailAccountIds, await mailboxLoads(db, campaign.id, campaign.emailAccountIds), withoutMailbox.length) : [];
  const assignedMailbox = new Map(withoutMailbox.map((row, index) => [row.id, given[index] ?? null]));
  const mailboxIds = [...new Set([...input.campaigns.flatMap((row) => row.emailAccountIds), ...rows.flatMap((row) => (row.emailAccountId ? [row.emailAccountId] : []))])];
  const { rows: mailboxRows, mailboxes } = await loadSimMailboxes(mailboxIds, start);
  // The leads' e-mails so far, whatever became of the mailboxes that sent them (the conditions on opens and clicks read them).
  const sentEmails = activity ? await sentEmailsOf(rows.map((row) => row.id)) : new Map<string, SimSentEmail[]>();
  if (!input.email) return { mailboxes, assignedMailbox, emailModel: undefined, emailsBefore: [], emailEventsBefore: [], sentEmails, deadAddresses: [], mailboxRateLimits, assumptions };
  const leads = rows.map((row) => ({ id: row.id, email: row.lead.email }));
  const deadAddresses = await deadAddressesOf(campaign.workspaceId, leads);

  if (!campaign.emailAccountIds.length) assumptions.push("The campaign has no mailboxes yet: its leads' e-mail steps fail until mailboxes join its pool.");
  const resting = mailboxRows.filter((row) => campaign.emailAccountIds.includes(row.id) && !turnMailbox(row).available);
  if (resting.length) assumptions.push(`${resting.length} mailbox${resting.length > 1 ? "es are" : " is"} paused or not connected and will not send.`);
  if (!mailboxRows.length) return { mailboxes, assignedMailbox, emailModel: undefined, emailsBefore: [], emailEventsBefore: [], sentEmails, deadAddresses, mailboxRateLimits, assumptions };

  const outcomes = await emailOutcomeModel(mailboxRows, campaign.workspaceId, start);
  assumptions.push(outcomes.assumption);
  const history = await emailHistory({ mailboxIds, leads, start, model: outcomes.model, activity });
  return { mailboxes, assignedMailbox, emailModel: outcomes.model, ...history, sentEmails, deadAddresses, mailboxRateLimits, assumptions };
}
