// A signed webhook's one-time token (Mailgun's `token`, which its signature covers but not the
// body), taken once per mailbox: stored in MailProviderEvent under a key of its own kind, so a
// request bringing a token already seen is refused, as Mailgun's "Securing Webhooks" advises. The
// rows go with the hourly purge of provider events (purge-mail-provider-events.ts), long after the
// signature's ten-minute window has closed on them.
import { createHash } from "node:crypto";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { ApiMailProviderName } from "../../../providers/mail/api/types";

/** MailProviderEvent.kind of a stored token (never an event's kind). */
export const WEBHOOK_TOKEN_KIND = "signature-token";

function tokenKey(token: string): string {
  return createHash("sha256").update(`${WEBHOOK_TOKEN_KIND}:${token}`).digest("hex");
}

/** True the first time the mailbox sees this token, false for a repeat. */
export async function takeWebhookTokenOnce(mailboxId: string, provider: ApiMailProviderName, token: string): Promise<boolean> {
  const taken = await db.mailProviderEvent.createMany({
    data: [{ mailboxId, provider, eventId: tokenKey(token), kind: WEBHOOK_TOKEN_KIND, emailMessageId: null, receivedAt: now() }],
    skipDuplicates: true,
  });
  return taken.count > 0;
}

/**
 * Forgets a token whose request failed before it took effect (a 5xx), so the provider's retry of
 * the same request is not refused as a replay.
 */
export async function releaseWebhookToken(mailboxId: string, provider: ApiMailProviderName, token: string): Promise<void> {
  await db.mailProviderEvent.deleteMany({ where: { mailboxId, provider, eventId: tokenKey(token), kind: WEBHOOK_TOKEN_KIND } });
}
