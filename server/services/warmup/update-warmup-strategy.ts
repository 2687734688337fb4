// PLACEHOLDER (helper C).
import type { Actor } from "../../lib/actor";
import type { TUpdateWarmupInput, TWarmupResult } from "../../schemas/mailbox-health";

/** Sets a preset or custom values (and holdOverride); 400 invalid-strategy, 409 starting-volume-locked. */
export async function updateWarmupStrategy(actor: Actor, mailboxId: string, input: TUpdateWarmupInput): Promise<TWarmupResult> {
  throw new Error(`not built yet: updateWarmupStrategy ${actor.workspaceId} ${mailboxId} ${JSON.stringify(input)}`);
}
