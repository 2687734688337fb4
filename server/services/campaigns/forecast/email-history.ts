// The forecast's e-mail history, read from the database: how many e-mails each mailbox sent each
// address (the outcome model's `nth`), the replies, bounces and complaints still to come about
// e-mails sent recently (planned again by the same model, as the executor will read them), and the
// workspace's dead addresses.
import { db } from "../../../db/client";
import type { EmailEvent } from "./sim-world";
import type { EmailOutcomeModel } from "./simulation-types";

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
}): Promise<EmailHistory> {
  const { mailboxIds, start, model } = input;
  const addresses = addressesOf(input.leads);
  if (!addresses.length) return { emailsBefore: [], emailEventsBefore: [] };
  // Every e-mail that left counts, a bounced one too (the sandbox network counts what it was handed).
  const left = { mailboxId: { in: mailboxIds }, toAddress: { in: addresses }, direction: "outbound", status: { in: ["sent", "bounced"] } };
  const [counts, recent] = await Promise.all([
    db.emailMessage.groupBy({ by: ["mailboxId", "toAddress"], where: left, _count: { _all: true } }),
    db.emailMessage.findMany({
      where: { ...left, createdAt: { gte: new Date(start.getTime() - ANSWER_WINDOW_MS) } },
      select: { id: true, mailboxId: true, toAddress: true, campaignLeadId: true, stepId: true, sentAt: true, createdAt: true, bouncedAt: true, complainedAt: true },
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
    const outcome = model.plan({ mailboxId: email.mailboxId, toAddress: email.toAddress, nth, sentAt: (email.sentAt ?? email.createdAt).getTime(), hasLinks: false });
    const about = { leadId: email.campaignLeadId, stepId: email.stepId, mailboxId: email.mailboxId, address: email.toAddress, emailId: email.id };
    // Those already read changed what they change; a reply read already ended the lead, which is not simulated.
    if (outcome.replyAt != null) events.push({ ...about, at: outcome.replyAt, kind: "email-reply" });
    if (outcome.bounce && !email.bouncedAt) events.push({ ...about, at: outcome.bounce.at, kind: "email-bounce", severity: outcome.bounce.kind });
    if (outcome.complainAt != null && !email.complainedAt) events.push({ ...about, at: outcome.complainAt, kind: "email-complaint" });
  }
  return {
    emailsBefore: counts.map((row) => ({ mailboxId: row.mailboxId, address: row.toAddress, count: row._count._all })),
    emailEventsBefore: events,
  };
}
