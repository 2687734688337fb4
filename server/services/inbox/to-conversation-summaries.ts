// Conversation rows (with their lead, campaign name and campaign lead's interest, read in the same
// query) as the inbox shows them. The accounts' names are read for the whole page at once: one
// query for its senders and one for its mailboxes, whatever the page's size.
import { db, type DbClient } from "../../db/client";
import { toIso } from "../../schemas/common";
import { ZInterestValue, type TConversationSummary } from "../../schemas/inbox";

export interface ConversationRow {
  id: string;
  channel: string;
  chatId: string;
  accountId: string;
  leadId: string;
  campaignId: string | null;
  campaignLeadId: string | null;
  subject: string | null;
  lastMessageAt: Date;
  lastMessageText: string;
  lastDirection: string;
  messageCount: number;
  inboundCount: number;
  unread: boolean;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileUrl: string | null;
  picture: string | null;
  company: string | null;
  jobTitle: string | null;
  campaignName: string | null;
  interest: string | null;
}

/** The columns a ConversationRow is read with, for raw queries over `"Conversation" c` joined to `"Lead" l`, `"Campaign" cp` and `"CampaignLead" cl`. */
export const CONVERSATION_ROW_COLUMNS = `c."id", c."channel", c."chatId", c."accountId", c."leadId", c."campaignId", c."campaignLeadId", c."subject",
  c."lastMessageAt", c."lastMessageText", c."lastDirection", c."messageCount", c."inboundCount", c."unread",
  l."firstName", l."lastName", l."email", l."profileUrl", l."picture", l."company", l."jobTitle",
  cp."name" AS "campaignName", cl."interest"`;

/** The tables a ConversationRow is read from. */
export const CONVERSATION_FROM = `"Conversation" c
  JOIN "Lead" l ON l."id" = c."leadId"
  LEFT JOIN "Campaign" cp ON cp."id" = c."campaignId"
  LEFT JOIN "CampaignLead" cl ON cl."id" = c."campaignLeadId"`;

export const mailboxName = (mailbox: { label: string; email: string }) => (mailbox.label && mailbox.label !== mailbox.email ? `${mailbox.label} <${mailbox.email}>` : mailbox.email);
export const senderName = (sender: { label: string; fullName: string | null }) => sender.label || sender.fullName || "A sender";

/** The names of the page's senders and mailboxes, by id (a removed one has none). */
export async function accountNames(rows: Array<{ channel: string; accountId: string }>, workspaceId: string, client: DbClient = db): Promise<Map<string, string>> {
  const ids = (channel: string) => [...new Set(rows.filter((row) => row.channel === channel).map((row) => row.accountId))];
  const senderIds = ids("linkedin");
  const mailboxIds = ids("email");
  const [senders, mailboxes] = await Promise.all([
    senderIds.length ? client.linkedinAccount.findMany({ where: { id: { in: senderIds }, workspaceId }, select: { id: true, label: true, fullName: true } }) : [],
    mailboxIds.length ? client.mailbox.findMany({ where: { id: { in: mailboxIds }, workspaceId }, select: { id: true, label: true, email: true } }) : [],
  ]);
  return new Map([...senders.map((sender) => [sender.id, senderName(sender)] as const), ...mailboxes.map((mailbox) => [mailbox.id, mailboxName(mailbox)] as const)]);
}

export function toConversationSummary(row: ConversationRow, names: Map<string, string>): TConversationSummary {
  const linkedin = row.channel === "linkedin";
  const interest = ZInterestValue.safeParse(row.interest);
  return {
    id: row.id,
    channel: linkedin ? "linkedin" : "email",
    chatId: row.chatId,
    account: {
      id: row.accountId,
      kind: linkedin ? "sender" : "mailbox",
      name: names.get(row.accountId) ?? (linkedin ? "A removed sender" : "A removed mailbox"),
    },
    lead: {
      id: row.leadId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      linkedinUrl: row.profileUrl,
      picture: row.picture,
      company: row.company,
      jobTitle: row.jobTitle,
    },
    campaign: row.campaignId && row.campaignName !== null ? { id: row.campaignId, name: row.campaignName } : null,
    campaignLeadId: row.campaignLeadId,
    interest: interest.success ? interest.data : null,
    subject: row.subject,
    lastMessage: { text: row.lastMessageText, at: toIso(row.lastMessageAt)!, direction: row.lastDirection === "inbound" ? "inbound" : "outbound" },
    messageCount: Number(row.messageCount),
    replied: Number(row.inboundCount) > 0,
    unread: row.unread,
  };
}

export async function toConversationSummaries(rows: ConversationRow[], workspaceId: string, client: DbClient = db): Promise<TConversationSummary[]> {
  const names = await accountNames(rows, workspaceId, client);
  return rows.map((row) => toConversationSummary(row, names));
}
