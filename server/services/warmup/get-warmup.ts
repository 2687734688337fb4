// PLACEHOLDER (helper C).
import type { Actor } from "../../lib/actor";
import type { TWarmupResult } from "../../schemas/mailbox-health";

export async function getWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  throw new Error(`not built yet: getWarmup ${actor.workspaceId} ${mailboxId}`);
}
