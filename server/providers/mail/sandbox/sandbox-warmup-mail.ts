// The sandbox mail network between Herald's own mailboxes: a warmup e-mail (tagged X-Herald-Warmup)
// to an address that is a Herald sandbox mailbox is delivered to it, filed by the placement model
// (placement.ts) from the SENDER's facts: its domain's DNS health, its warmup days and its bounce
// rate. It is one inbound row (kind `warmup`), never a prospect's e-mail: the behaviour model plans
// nothing for it (no simulated open, reply or bounce) and the Sandbox page's list of sent mail does
// not show it.
import { db, Prisma } from "../../../db/client";
import type { SandboxEmail } from "../../../db/generated/client";
import { isWarmupMail } from "../../../domain/mail/warmup-mail";
import { warmupDayOn } from "../../../domain/mail/warmup-ramp";
import { zonedDateString } from "../../../lib/time-zones";
import type { OutgoingEmail, WarmupMailFolder, WarmupMailFound, WarmupMailToOpen } from "../types";
import { placeSandboxEmail, type PlacementFacts } from "./placement";
import { CRLF, withCrlf, sentHeaders } from "./raw-messages";
import { sandboxEmailId } from "./sandbox-mail-store";

/** Bounce rates are judged from this many sent e-mails on (fewer say nothing yet). */
const MIN_SENT_FOR_BOUNCE_RATE = 20;

interface SenderRow {
  recipient: string | null;
  dns: string | null;
  sentCount: number | null;
  bouncedCount: number | null;
  timezone: string | null;
  status: string | null;
  day: number | null;
  dayDate: string | null;
}

/** The recipient's mailbox (a Herald sandbox mailbox with that address, or null) and the sender's facts, in one query: this runs for every warmup e-mail. */
async function recipientAndSender(toAddress: string, senderId: string): Promise<SenderRow> {
  const rows = await db.$queryRaw<SenderRow[]>(Prisma.sql`
    SELECT (SELECT r.id FROM "Mailbox" r WHERE r.email = ${toAddress} AND r.provider = 'sandbox' LIMIT 1) AS recipient,
      m."dnsHealth" ->> 'status' AS dns, m."sentCount", m."bouncedCount", m.timezone, w.status, w.day, w."dayDate"
    FROM (SELECT 1) one
    LEFT JOIN "Mailbox" m ON m.id = ${senderId}
    LEFT JOIN "MailboxWarmup" w ON w."mailboxId" = m.id`);
  return rows[0]!;
}

/** What the network's filter knows of a sending mailbox. */
export function senderPlacementFacts(row: Omit<SenderRow, "recipient">, at: Date): PlacementFacts {
  const dns = row.dns === "ok" || row.dns === "warning" || row.dns === "failing" ? row.dns : null;
  const date = zonedDateString(at, row.timezone ?? "UTC");
  const warmupDays = row.status && row.day !== null ? warmupDayOn({ status: row.status as "warming", day: row.day, dayDate: row.dayDate }, date) : 0;
  const sent = row.sentCount ?? 0;
  const bounceRate = sent >= MIN_SENT_FOR_BOUNCE_RATE ? (row.bouncedCount ?? 0) / sent : 0;
  return { dns, warmupDays, bounceRate };
}

function rawOf(headers: Record<string, string>, text: string): string {
  const names = Object.entries(headers).map(([name, value]) => `${name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())}: ${value}`);
  return `${names.join(CRLF)}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}${withCrlf(text)}${CRLF}`;
}

/**
 * Delivers a warmup e-mail to the Herald sandbox mailbox it is addressed to. Null when it is not
 * warmup mail or no sandbox mailbox has that address (then it is an ordinary e-mail to a prospect).
 * A Message-ID the network already carries is delivered once.
 */
export async function deliverWarmupEmail(sender: { id: string; email: string }, email: OutgoingEmail, at: Date): Promise<SandboxEmail | null> {
  if (!isWarmupMail(email.headers)) return null;
  const toAddress = email.to.address.trim().toLowerCase();
  const facts = await recipientAndSender(toAddress, sender.id);
  if (!facts.recipient) return null;
  const folder = placeSandboxEmail(senderPlacementFacts(facts, at), email.messageId);
  const headers = sentHeaders({ ...email, sentAt: at });
  try {
    return await db.sandboxEmail.create({
      data: {
        id: sandboxEmailId(),
        fromAddress: sender.email.toLowerCase(),
        toAddress,
        messageId: email.messageId,
        inReplyTo: email.inReplyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers,
        direction: "inbound",
        kind: "warmup",
        sentAt: at,
        raw: rawOf(headers, email.text),
        folder,
      },
    });
  } catch (error) {
    // A Message-ID the network carries already (sent again, or two sends raced): the first one stands.
    if ((error as { code?: string }).code === "P2002") return db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });
    throw error;
  }
}

/** Warmup mail delivered to a sandbox mailbox since `since`, with where it is now and whether it was opened. */
export async function listSandboxWarmupMail(address: string, since: Date): Promise<WarmupMailFound[]> {
  const rows = await db.sandboxEmail.findMany({
    where: { toAddress: address.toLowerCase(), direction: "inbound", kind: "warmup", sentAt: { gte: since } },
    select: { messageId: true, folder: true, openAt: true },
    orderBy: { seq: "asc" },
  });
  return rows.map((row) => ({ messageId: row.messageId, folder: (row.folder ?? "inbox") as WarmupMailFolder, seen: row.openAt !== null }));
}

/** Opens delivered warmup e-mails and, with `rescue`, moves them to the inbox. Returns the Message-IDs opened. */
export async function openSandboxWarmupMail(address: string, messages: WarmupMailToOpen[], at: Date): Promise<string[]> {
  const opened: string[] = [];
  for (const rescue of [false, true]) {
    const messageIds = messages.filter((message) => message.rescue === rescue).map((message) => message.messageId);
    if (!messageIds.length) continue;
    const rows = await db.sandboxEmail.updateManyAndReturn({
      where: { messageId: { in: messageIds }, toAddress: address.toLowerCase(), direction: "inbound", kind: "warmup" },
      data: { openAt: at, ...(rescue ? { folder: "inbox" } : {}) },
      select: { messageId: true },
    });
    opened.push(...rows.map((row) => row.messageId));
  }
  return opened;
}
