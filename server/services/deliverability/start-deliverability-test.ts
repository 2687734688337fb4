// PLACEHOLDER (helper B): starts a deliverability test of a mailbox.
import type { Actor } from "../../lib/actor";
import type { TMailbox } from "../../schemas/mailbox";

/** Starts a test (one running per mailbox, 10 a day): returns the mailbox with deliverabilityTest running. */
export async function startDeliverabilityTest(actor: Actor, mailboxId: string): Promise<TMailbox> {
  throw new Error(`not built yet: startDeliverabilityTest ${actor.workspaceId} ${mailboxId}`);
}
