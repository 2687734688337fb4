// PLACEHOLDER (helper C).
import type { Actor } from "../../lib/actor";
import type { TWarmupResult } from "../../schemas/mailbox-health";

export async function startWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  throw new Error(`not built yet: startWarmup ${actor.workspaceId} ${mailboxId}`);
}
