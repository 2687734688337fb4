import { db } from "../../../db/client";
import type { LinkedinAccount } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { recordSenderSessionState } from "../../senders/record-sender-session-state";

const DEFAULT_COOLDOWN_MS = 6 * 3_600_000;

/** LinkedIn throttled the sender: it rests, and its leads wait. */
export async function coolDownSender(sender: LinkedinAccount, retryAfterSeconds: number | undefined, reason: string): Promise<Date> {
  const until = new Date(now().getTime() + (retryAfterSeconds ? retryAfterSeconds * 1000 : DEFAULT_COOLDOWN_MS));
  await db.linkedinAccount.update({ where: { id: sender.id }, data: { cooldownUntil: until, cooldownReason: reason, updatedAt: now() } });
  return until;
}

/** The session broke while acting: the sender's status says so (account.status_changed). */
export async function markSenderSessionProblem(sender: LinkedinAccount, code: string, message: string): Promise<void> {
  await recordSenderSessionState(sender, code === "account-restricted" ? "restricted" : "credentials", message);
}
