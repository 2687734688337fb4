// The forecast's e-mail history, read from the database: how many e-mails each mailbox sent each
// address (the outcome model's `nth`), the replies, bounces and complaints still to come about
// e-mails sent recently (planned again by the same model, as the executor will read them), the
// leads' e-mails with the opens and clicks recorded and still to come (for the e-mail activity
// conditions), and the workspace's dead addresses.
import { db } from "../../../db/client";
import { recordedActivity } from "../../../domain/mail/tracked-activity";
import { emailHasLinks } from "../../../domain/mail/email-links";
import { firstTrackedLink, openPixelToken } from "../../../domain/mail/tracking-in-email";
import type { EmailEvent } from "./sim-world";
import type { EmailOutcomeModel, SimSentEmail } from "./simulation-types";

/** How far back an e-mail may still be answered: the models' longest delays are a few days. */
const ANSWER_WINDOW_MS = 14 * 86_400_000;

export interface EmailHistory {
  emailsBefore: Array<{ mailboxId: string; address: string; count: number }>;
  emailEventsBefore: EmailEvent[];
}

const addressesOf = (leads: Array<{ email: string | null }>) => [...new Set(leads.flatMap((lead) => (lead.email?.trim() ? [lead.email.trim().toLowerCase()] : [])))];

/** The workspace's dead addresses among the leads' (DeadEmailAddress, lower-cased). */
export async function deadAddressesOf(workspaceId: string, leads: Array<{ email: string | null }>): Promise<string[]> {
  const addresses = addressesOf(leads);
  if (!addresses.length) return [];
  const rows = await db.deadEmailAddress.findMany({ where: { workspaceId, address: { in: addresses } }, select: { address: true } });
  return rows.map((row) => row.address);
}

export async function emailHistory(input: {
  mailboxIds: string[];
  /** The simulated campaign leads' ids and addresses. */
  leads: Array<{ id: string; email: string | null }>;
  start: Date;
  model: EmailOutcomeModel;
  /** A simulated sequence has an e-mail activity condition: the leads' opens and clicks matter. */
  activity: boolean;
}): Promise<EmailHistory> {
  const { mailboxIds, start, model, activity } = input;
  const addresses = addressesOf(input.leads);
  if (!addresses.length) return { emailsBefore: [], emailEventsBefore: [] };
  // Every e-mail that left counts, a bounced one too (the sandbox network counts what it was handed).
  const left = { mailboxId: { in: mailboxIds }, toAddress: { in: addresses }, direction: "outbound", status: { in: ["sent", "bounced"] } };
  const [counts, recent] = await Promise.all([
    db.emailMessage.groupBy({ by: ["mailboxId", "toAddress"], where: left, _count: { _all: true } }),
    db.emailMessage.findMany({
      where: { ...left, createdAt: { gte: new Date(start.getTime() - ANSWER_WINDOW_MS) } },
      select: {
        ...{ id: true, mailboxId: true, toAddress: true, campaignLeadId: true, stepId: true, sentAt: true, createdAt: true, bouncedAt: true, complainedAt: true },
        ...{ openedAt: true, clickedAt: true, html: activity, text: activity },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const total = new Map(counts.map((row) => [`${row.mailboxId}>${row.toAddress}`, row._count._all]));
  const recentOf = new Map<string, number>();
  for (const email of recent) recentOf.set(`${email.mailboxId}>${email.toAddress}`, (recentOf.get(`${email.mailboxId}>${email.toAddress}`) ?? 0) + 1);
  const simulated = new Set(input.leads.map((lead) => lead.id));
  const seen = new Map<string, number>();
  const events: EmailEvent[] = [];
  for (const email of recent) {
    const key = `${email.mailboxId}>${email.toAddress}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    if (!email.campaignLeadId || !email.stepId || !simulated.has(email.campaignLeadId)) continue;
    const nth = (total.get(key) ?? 0) - (recentOf.get(key) ?? 0) + index;
    const sentAt = (email.sentAt ?? email.createdAt).getTime();
    const content = { html: email.html ?? null, text: email.text ?? "" };
    const outcome = model.plan({ mailboxId: email.mailboxId, toAddress: email.toAddress, nth, sentAt, hasLinks: activity && emailHasLinks(content.html, content.text) });
    const about = { leadId: email.campaignLeadId, stepId: email.stepId, mailboxId: email.mailboxId, address: email.toAddress, emailId: email.id };
    // Those already read changed what they change; a reply read already ended the lead, which is not simulated.
    if (outcome.replyAt != null) events.push({ ...about, at: outcome.replyAt, kind: "email-reply" });
    if (outcome.bounce && !email.bouncedAt) events.push({ ...about, at: outcome.bounce.at, kind: "email-bounce", severity: outcome.bounce.kind });
    if (outcome.complainAt != null && !email.complainedAt) events.push({ ...about, at: outcome.complainAt, kind: "email-complaint" });
    if (!activity) continue;
    // The opens and clicks Herald has yet to record, read from the e-mail as sent (its pixel, its tracked links).
    const tracked = { opensTracked: openPixelToken(content.html) !== null, clicksTracked: firstTrackedLink(content.html, content.text) !== null };
    const recorded = recordedActivity({ sentAt, openAt: outcome.openAt, clickAt: outcome.clickAt, ...tracked });
    if (recorded.openedAt !== null && !email.openedAt) events.push({ ...about, at: recorded.openedAt, kind: "email-open" });
    if (recorded.clickedAt !== null && !email.clickedAt) events.push({ ...about, at: recorded.clickedAt, kind: "email-click" });
  }
  return {
    emailsBefore: counts.map((row) => ({ mailboxId: row.mailboxId, address: row.toAddress, count: row._count._all })),
    emailEventsBefore: events,
  };
}

/** The campaign leads' e-mails that left their mailbox, with the opens and clicks recorded so far (emailActivityOf, for many leads). */
export async function sentEmailsOf(campaignLeadIds: string[]): Promise<Map<string, SimSentEmail[]>> {
  const rows = await db.emailMessage.findMany({
    where: { campaignLeadId: { in: campaignLeadIds }, direction: "outbound", source: "campaign", status: { in: ["sent", "bounced"] }, sentAt: { not: null }, stepId: { not: null } },
    select: { id: true, campaignLeadId: true, stepId: true, sentAt: true, openedAt: true, clickedAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byLead = new Map<string, SimSentEmail[]>();
  for (const row of rows) {
    if (!row.campaignLeadId || !row.stepId || !row.sentAt) continue;
    const email = { emailId: row.id, stepId: row.stepId, sentAt: row.sentAt.getTime(), openedAt: row.openedAt?.getTime() ?? null, clickedAt: row.clickedAt?.getTime() ?? null };
    byLead.set(row.campaignLeadId, [...(byLead.get(row.campaignLeadId) ?? []), email]);
  }
  return byLead;
}
