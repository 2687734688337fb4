import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { isProviderError, providerErrorToHerald } from "../senders/provider-error";

/** How long LinkedIn's throttling keeps a sender resting when it gives no time. */
const DEFAULT_COOLDOWN_SECONDS = 6 * 3600;

/**
 * Records an action LinkedIn did not carry out (failed, its open invitation released), rests the
 * sender when LinkedIn throttled it, and throws what the caller answers: the matching API error
 * for a provider failure, the error itself otherwise.
 */
export async function failSenderAction(account: LinkedinAccount, actionId: string, error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  await db.senderAction.update({
    where: { id: actionId },
    data: { status: "failed", error: message, openInvitationKey: null, updatedAt: now() },
  });
  if (isProviderError(error)) {
    if (error.code === "throttled") {
      const seconds = error.retryAfterSeconds ?? DEFAULT_COOLDOWN_SECONDS;
      await db.linkedinAccount.update({
        where: { id: account.id },
        data: { cooldownUntil: new Date(now().getTime() + seconds * 1000), cooldownReason: "LinkedIn throttled the sender", updatedAt: now() },
      });
    }
    throw providerErrorToHerald(error);
  }
  throw error;
}
