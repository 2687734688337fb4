// PLACEHOLDER (helper C).
import type { Actor } from "../../lib/actor";
import type { TWarmupResult } from "../../schemas/mailbox-health";

export async function resumeWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  throw new Error(`not built yet: resumeWarmup ${actor.workspaceId} ${mailboxId}`);
}
