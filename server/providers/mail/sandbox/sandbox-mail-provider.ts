// The sandbox mail network, Herald's default mail provider: mailboxes and prospects live in Herald's
// database (SandboxEmail). Any address is a sandbox mailbox, except the documented ones that fail
// to connect; what recipients do is planned by the behaviour model (mail-behaviour.ts) when an
// e-mail is accepted, and happens as Herald's clock reaches it (services/sandbox/advance-sandbox-mail).
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { MailProviderError, type IncomingEmail, type MailboxHandle, type MailProvider } from "../types";
import { localPart, planSandboxEmail, SANDBOX_MAILBOX_RULES } from "./mail-behaviour";
import { isSandboxSeedAddress, sandboxSeedFolder } from "../seeds/sandbox-seed-inbox";
import { storeSeedEmail, storeSentEmail } from "./sandbox-mail-store";
import { deliverWarmupEmail, listSandboxWarmupMail, openSandboxWarmupMail } from "./sandbox-warmup-mail";

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The network's own check of a mailbox, with the documented addresses that fail to connect. */
export function checkSandboxMailbox(email: string): void {
  if (!ADDRESS.test(email.trim())) throw new MailProviderError("mail-failed", "This is not an e-mail address.", { field: "email" });
  const rule = SANDBOX_MAILBOX_RULES.find((candidate) => candidate.localPart === localPart(email));
  if (rule) throw new MailProviderError(rule.code, rule.error, { field: "email", serverResponse: rule.serverResponse });
}

function parseAddress(value: string | undefined): { name: string | null; address: string } | null {
  if (!value) return null;
  const match = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(value);
  if (!match) return { name: null, address: value.trim().toLowerCase() };
  return { name: match[1]?.trim() || null, address: match[2]!.trim().toLowerCase() };
}

export function createSandboxMailProvider(): MailProvider {
  return {
    name: "sandbox",

    async verify(mailbox: MailboxHandle) {
      checkSandboxMailbox(mailbox.email);
    },

    async send(mailbox, email) {
      checkSandboxMailbox(mailbox.email);
      const to = email.to.address.trim();
      if (!ADDRESS.test(to)) {
        throw new MailProviderError("recipient-refused", `The address ${to || "(empty)"} cannot receive e-mail.`, {
          serverResponse: `501 5.1.3 Bad recipient address syntax`,
        });
      }
      if (isSandboxSeedAddress(to)) {
        // A deliverability test: filed where the seed's filter puts this mailbox's mail, never answered.
        const seeded = await storeSeedEmail(mailbox.email.toLowerCase(), email, now(), await sandboxSeedFolder(mailbox.id, email.messageId));
        return { messageId: seeded.messageId, acceptedAt: seeded.sentAt.toISOString(), response: `250 2.0.0 Ok: queued as ${seeded.id}` };
      }
      // Warmup mail between Herald's own mailboxes is delivered to them, not to a simulated prospect.
      const warmup = await deliverWarmupEmail(mailbox, email, now());
      if (warmup) return { messageId: warmup.messageId, acceptedAt: warmup.sentAt.toISOString(), response: `250 2.0.0 Ok: queued as ${warmup.id}` };
      const { row } = await storeSentEmail(mailbox.email.toLowerCase(), email, now());
      return { messageId: row.messageId, acceptedAt: row.sentAt.toISOString(), response: `250 2.0.0 Ok: queued as ${row.id}` };
    },

    async findSent(mailbox, messageId, since) {
      const row = await db.sandboxEmail.findUnique({ where: { messageId }, select: { fromAddress: true, direction: true, kind: true, sentAt: true } });
      // Warmup mail to another Herald mailbox is stored once, as the recipient's inbound row.
      const sentByIt = row?.direction === "outbound" || (row?.direction === "inbound" && row.kind === "warmup");
      return Boolean(row && sentByIt && row.fromAddress === mailbox.email.toLowerCase() && row.sentAt >= since);
    },

    async fetchIncoming(mailbox, input) {
      const after = input.cursor === null ? null : Number.parseInt(input.cursor, 10);
      const rows = await db.sandboxEmail.findMany({
        where: {
          toAddress: mailbox.email.toLowerCase(),
          direction: "inbound",
          ...(after !== null && Number.isFinite(after) ? { seq: { gt: after } } : { sentAt: { gte: input.since } }),
        },
        orderBy: { seq: "asc" },
        take: input.limit ?? 100,
      });
      const messages = rows.map((row): IncomingEmail => {
        const headers = (row.headers ?? {}) as Record<string, string>;
        return {
          uid: String(row.seq),
          messageId: row.messageId,
          inReplyTo: headers["in-reply-to"] ?? null,
          references: headers.references?.split(/\s+/).filter(Boolean) ?? [],
          from: parseAddress(headers.from) ?? { name: null, address: row.fromAddress },
          to: [{ name: null, address: row.toAddress }],
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers,
          raw: row.raw ?? "",
          receivedAt: row.sentAt.toISOString(),
        };
      });
      return { messages, cursor: rows.length ? String(rows.at(-1)!.seq) : input.cursor };
    },

    async listWarmupMail(mailbox, input) {
      return listSandboxWarmupMail(mailbox.email, input.since);
    },

    async openWarmupMail(mailbox, input) {
      return openSandboxWarmupMail(mailbox.email, input.messages, now());
    },

    planOutcome(input) {
      return planSandboxEmail(input);
    },
  };
}
