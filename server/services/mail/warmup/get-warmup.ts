// GET /email-accounts/{id}/warmup: the mailbox's warmup, whether it can run and its limits.
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import type { TWarmupResult } from "../../../schemas/mailbox-health";
import { loadWarmupMailbox, warmupEnvelope } from "./warmup-state";

export async function getWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  const mailbox = await loadWarmupMailbox(actor, mailboxId);
  return warmupEnvelope(mailbox, mailbox.warmup, now());
}
