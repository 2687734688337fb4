// PLACEHOLDER (helper C).
import type { Actor } from "../../lib/actor";
import type { TWarmupHistoryDay } from "../../schemas/mailbox-health";

/** The mailbox's warmup days, oldest first, the last `days` (charts). */
export async function getWarmupHistory(actor: Actor, mailboxId: string, days: number): Promise<TWarmupHistoryDay[]> {
  throw new Error(`not built yet: getWarmupHistory ${actor.workspaceId} ${mailboxId} ${days}`);
}
