// The sandbox mail network over its table (SandboxEmail): e-mails Herald's mailboxes send in, with
// the behaviour model's plan, and what the prospects' side writes back. Each planned moment happens
// once: `done` records it, claimed atomically, and `nextAt` points at the next one still to come.
import { randomUUID } from "node:crypto";
import type { Prisma, SandboxEmail } from "../../../db/generated/client";
import { db } from "../../../db/client";
import type { EmailOutcome, OutgoingEmail } from "../types";
import { emailHasLinks } from "../../../domain/mail/email-links";
import { planSandboxEmail, SANDBOX_TEST_ADDRESSES } from "./mail-behaviour";
import { autoReplyMessage, replyMessage, sentHeaders, type OriginalEmail, type RawMessage } from "./raw-messages";
import { bounceMessage, complaintMessage } from "./report-messages";

/** What can happen to a sent e-mail on the prospect's side. */
export type SandboxMoment = "open" | "click" | "reply" | "autoReply" | "bounce" | "complain" | "unsubscribe";

/** When each moment happened (ISO 8601), and how the e-mail bounced. */
export type SandboxDone = Partial<Record<SandboxMoment, string>> & { bounceKind?: "hard" | "soft" };

export type InboundKind = "reply" | "auto-reply" | "bounce" | "complaint";

export function sandboxEmailId(): string {
  return `sbeml_${randomUUID().replace(/-/g, "").slice(0, 20)}`;
}

export function readDone(row: Pick<SandboxEmail, "done">): SandboxDone {
  return row.done && typeof row.done === "object" && !Array.isArray(row.done) ? (row.done as SandboxDone) : {};
}

/** The planned moments still to come, earliest first. A bounced e-mail was never read: nothing follows a bounce. */
export function pendingMoments(row: SandboxEmail): Array<{ moment: SandboxMoment; at: Date }> {
  const done = readDone(row);
  if (done.bounce) return [];
  const planned: Array<[SandboxMoment, Date | null]> = [
    ["bounce", row.bounceAt],
    ["autoReply", row.autoReplyAt],
    ["open", row.openAt],
    ["click", row.clickAt],
    ["reply", row.replyAt],
    ["complain", row.complainAt],
  ];
  return planned
    .flatMap(([moment, at]) => (at && !done[moment] ? [{ moment, at }] : []))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

function nextAtOf(row: SandboxEmail): Date | null {
  return pendingMoments(row)[0]?.at ?? null;
}

/** How many e-mails this mailbox sent to this address before: the model's `nth`. */
export function countEarlierEmails(fromAddress: string, toAddress: string): Promise<number> {
  return db.sandboxEmail.count({ where: { direction: "outbound", fromAddress, toAddress } });
}

/** Stores an accepted e-mail with its plan; a Message-ID the network already carries is not taken twice. */
export async function storeSentEmail(fromAddress: string, email: OutgoingEmail, sentAt: Date): Promise<{ row: SandboxEmail; outcome: EmailOutcome; duplicate: boolean }> {
  const existing = await db.sandboxEmail.findUnique({ where: { messageId: email.messageId } });
  if (existing) return { row: existing, outcome: outcomeOf(existing), duplicate: true };
  const toAddress = email.to.address.trim().toLowerCase();
  const nth = await countEarlierEmails(fromAddress, toAddress);
  const outcome = planSandboxEmail({ fromAddress, toAddress, nth, sentAt: sentAt.getTime(), hasLinks: emailHasLinks(email.html, email.text) });
  const at = (value: number | null) => (value === null ? null : new Date(value));
  const data = {
    id: sandboxEmailId(),
    fromAddress,
    toAddress,
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: sentHeaders({ ...email, sentAt }),
    direction: "outbound",
    sentAt,
    openAt: at(outcome.openAt),
    clickAt: at(outcome.clickAt),
    replyAt: at(outcome.replyAt),
    autoReplyAt: at(outcome.autoReplyAt),
    bounceKind: outcome.bounce?.kind ?? null,
    bounceAt: at(outcome.bounce?.at ?? null),
    complainAt: at(outcome.complainAt),
  };
  const planned = [data.bounceAt, data.autoReplyAt, data.openAt, data.clickAt, data.replyAt, data.complainAt].filter((value): value is Date => value !== null);
  const nextAt = planned.length ? new Date(Math.min(...planned.map((value) => value.getTime()))) : null;
  try {
    const row = await db.sandboxEmail.create({ data: { ...data, nextAt } });
    return { row, outcome, duplicate: false };
  } catch (error) {
    // Two sends of one Message-ID raced (a retried step): the first one stands.
    if ((error as { code?: string }).code === "P2002") {
      const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });
      return { row, outcome: outcomeOf(row), duplicate: true };
    }
    throw error;
  }
}

/**
 * Stores an e-mail to a seed inbox of the deliverability test, filed in `folder`: with no plan, so
 * the network never opens, answers or bounces it (seeds only show where mail lands).
 */
export async function storeSeedEmail(fromAddress: string, email: OutgoingEmail, sentAt: Date, folder: string): Promise<SandboxEmail> {
  const data = {
    id: sandboxEmailId(),
    fromAddress,
    toAddress: email.to.address.trim().toLowerCase(),
    messageId: email.messageId,
    inReplyTo: email.inReplyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: sentHeaders({ ...email, sentAt }),
    direction: "outbound",
    sentAt,
    folder,
  };
  try {
    return await db.sandboxEmail.create({ data });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });
    throw error;
  }
}

export function outcomeOf(row: SandboxEmail): EmailOutcome {
  const ms = (value: Date | null) => value?.getTime() ?? null;
  return {
    openAt: ms(row.openAt),
    clickAt: ms(row.clickAt),
    replyAt: ms(row.replyAt),
    autoReplyAt: ms(row.autoReplyAt),
    bounce: row.bounceKind && row.bounceAt ? { kind: row.bounceKind as "hard" | "soft", at: row.bounceAt.getTime() } : null,
    complainAt: ms(row.complainAt),
  };
}

function original(row: SandboxEmail): OriginalEmail {
  return {
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    messageId: row.messageId,
    subject: row.subject,
    text: row.text,
    sentAt: row.sentAt,
    headers: (row.headers ?? {}) as Record<string, string>,
  };
}

/** "anna.smith@acme.test" (or "reply.anna.smith@…") → "Anna Smith": the name a prospect signs with. */
export function prospectName(address: string): string {
  const local = address.split("@")[0] ?? address;
  return local
    .split(/[._+-]+/)
    .filter((word, index) => /^\p{L}/u.test(word) && !(index === 0 && SANDBOX_TEST_ADDRESSES.some((entry) => entry.prefix === word.toLowerCase())))
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * Marks a moment as happened, once, and (for replies, auto-replies, bounces and complaints) writes
 * the message it sends to the mailbox, in the same transaction. Returns false when it had already
 * happened; `again` still writes the message then (a person replying a second time as the prospect).
 */
export async function happen(
  emailId: string,
  moment: SandboxMoment,
  at: Date,
  inbound?: { kind: InboundKind; text?: string; bounceKind?: "hard" | "soft"; again?: boolean },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const patch: SandboxDone = { [moment]: at.toISOString() };
    if (inbound?.bounceKind) patch.bounceKind = inbound.bounceKind;
    const claimed = await tx.$executeRaw`UPDATE "SandboxEmail" SET "done" = "done" || ${JSON.stringify(patch)}::jsonb WHERE "id" = ${emailId} AND ("done" -> ${moment}) IS NULL`;
    const row = await tx.sandboxEmail.findUniqueOrThrow({ where: { id: emailId } });
    if (!claimed && !inbound?.again) {
      // Someone else played it (a person on the Sandbox page): keep the pointer to the next moment right.
      await tx.sandboxEmail.update({ where: { id: emailId }, data: { nextAt: nextAtOf(row) } });
      return false;
    }
    if (inbound) await tx.sandboxEmail.create({ data: inboundRow(row, inbound.kind, at, inbound) });
    await tx.sandboxEmail.update({ where: { id: emailId }, data: { nextAt: nextAtOf(row) } });
    return true;
  });
}

function inboundRow(row: SandboxEmail, kind: InboundKind, at: Date, input: { text?: string; bounceKind?: "hard" | "soft" }): Prisma.SandboxEmailCreateInput {
  const fromName = prospectName(row.toAddress) || null;
  let message: RawMessage;
  switch (kind) {
    case "reply":
      message = replyMessage(original(row), { text: input.text ?? "", fromName, at });
      break;
    case "auto-reply":
      message = autoReplyMessage(original(row), { fromName, at });
      break;
    case "bounce":
      message = bounceMessage(original(row), { kind: input.bounceKind ?? (row.bounceKind as "hard" | "soft" | null) ?? "hard", at });
      break;
    case "complaint":
      message = complaintMessage(original(row), { at });
      break;
  }
  return {
    id: sandboxEmailId(),
    fromAddress: message.fromAddress,
    toAddress: row.fromAddress,
    messageId: message.messageId,
    // The e-mail it answers or reports, for the Sandbox page (a DSN or ARF report names it only inside).
    inReplyTo: row.messageId,
    subject: message.subject,
    text: message.text,
    html: null,
    headers: message.headers,
    direction: "inbound",
    kind,
    sentAt: at,
    raw: message.raw,
  };
}

/** Outbound e-mails with a moment due by `at`, earliest first. */
export function dueSandboxEmails(at: Date, limit: number): Promise<SandboxEmail[]> {
  return db.sandboxEmail.findMany({ where: { nextAt: { lte: at } }, orderBy: { nextAt: "asc" }, take: limit });
}

/** Moves an open or a click that has not happened yet to a new time (a person asked for it too early). */
export async function replanMoment(emailId: string, moment: "open" | "click", at: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.sandboxEmail.update({ where: { id: emailId }, data: moment === "open" ? { openAt: at } : { clickAt: at } });
    await tx.sandboxEmail.update({ where: { id: emailId }, data: { nextAt: nextAtOf(row) } });
  });
}

/** Recomputes where an e-mail's next planned moment is, for one found due with nothing left to play. */
export async function refreshNextAt(emailId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.sandboxEmail.findUnique({ where: { id: emailId } });
    if (row) await tx.sandboxEmail.update({ where: { id: emailId }, data: { nextAt: nextAtOf(row) } });
  });
}
