// The Sandbox page's mail network: what the workspace's sandbox mailboxes sent into the network, what
// the behaviour model planned for each recipient and what already happened, and the documented rules.
import { db } from "../../db/client";
import type { SandboxEmail } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { SANDBOX_MAIL_RATES, SANDBOX_MAILBOX_RULES, SANDBOX_TEST_ADDRESSES } from "../../providers/mail/sandbox/mail-behaviour";
import { readDone } from "../../providers/mail/sandbox/sandbox-mail-store";
import { firstTrackedLink, openPixelToken } from "../../domain/mail/tracking-in-email";
import type { TSandboxMailEmail, TSandboxMailOverview } from "../../schemas/sandbox-mail";

const SHOWN = 100;

/** The workspace's sandbox mailboxes, by address. */
export async function sandboxMailboxesOf(workspaceId: string) {
  return db.mailbox.findMany({ where: { workspaceId, provider: "sandbox" }, select: { id: true, email: true, label: true }, orderBy: { createdAt: "desc" } });
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

function toEmail(row: SandboxEmail, mailbox: { email: string; label: string }, answers: SandboxEmail[]): TSandboxMailEmail {
  const done = readDone(row);
  const bounceKind = (done.bounceKind ?? row.bounceKind ?? "hard") as "hard" | "soft";
  return {
    id: row.id,
    mailbox: { email: mailbox.email, label: mailbox.label },
    to: row.toAddress,
    subject: row.subject,
    sentAt: row.sentAt.toISOString(),
    tracksOpens: openPixelToken(row.html) !== null,
    tracksClicks: firstTrackedLink(row.html, row.text) !== null,
    planned: {
      open: iso(row.openAt),
      click: iso(row.clickAt),
      reply: iso(row.replyAt),
      autoReply: iso(row.autoReplyAt),
      bounce: row.bounceKind && row.bounceAt ? { kind: row.bounceKind as "hard" | "soft", at: row.bounceAt.toISOString() } : null,
      complain: iso(row.complainAt),
    },
    happened: {
      open: done.open ?? null,
      click: done.click ?? null,
      reply: done.reply ?? null,
      autoReply: done.autoReply ?? null,
      bounce: done.bounce ? { kind: bounceKind, at: done.bounce } : null,
      complain: done.complain ?? null,
      unsubscribe: done.unsubscribe ?? null,
    },
    answers: answers.map((answer) => ({ id: answer.id, kind: answer.kind ?? "reply", subject: answer.subject, text: answer.text, at: answer.sentAt.toISOString() })),
  };
}

export async function getSandboxMailOverview(actor: Actor): Promise<TSandboxMailOverview> {
  const mailboxes = await sandboxMailboxesOf(actor.workspaceId);
  const byAddress = new Map(mailboxes.map((mailbox) => [mailbox.email.toLowerCase(), mailbox]));
  const rows = mailboxes.length
    ? await db.sandboxEmail.findMany({ where: { direction: "outbound", fromAddress: { in: [...byAddress.keys()] } }, orderBy: [{ sentAt: "desc" }, { seq: "desc" }], take: SHOWN })
    : [];
  const answers = rows.length
    ? await db.sandboxEmail.findMany({ where: { direction: "inbound", inReplyTo: { in: rows.map((row) => row.messageId) } }, orderBy: { seq: "asc" } })
    : [];
  const answersOf = new Map<string, SandboxEmail[]>();
  for (const answer of answers) answersOf.set(answer.inReplyTo!, [...(answersOf.get(answer.inReplyTo!) ?? []), answer]);
  return {
    mailboxes: mailboxes.map((mailbox) => ({ id: mailbox.id, email: mailbox.email, label: mailbox.label })),
    emails: rows.map((row) => toEmail(row, byAddress.get(row.fromAddress)!, answersOf.get(row.messageId) ?? [])),
    testAddresses: SANDBOX_TEST_ADDRESSES.map((entry) => ({ prefix: entry.prefix, behaviour: entry.behaviour })),
    mailboxRules: SANDBOX_MAILBOX_RULES.map((rule) => ({ localPart: rule.localPart, error: rule.error })),
    rates: { ...SANDBOX_MAIL_RATES },
  };
}
