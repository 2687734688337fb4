import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TSenderAccount } from "../../schemas/sender";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";
import { findSender } from "./find-sender";
import { toSenderAccount } from "./to-sender-account";

export type PauseReason = "manual" | "no-inmail-credits" | "restricted";

/** Pauses a sender: campaigns stop using it and direct actions are refused. A no-op when paused. */
export async function pauseSenderById(workspaceId: string, accountId: string, reason: PauseReason): Promise<TSenderAccount> {
  const row = await withOutbox(async (tx, emit) => {
    const current = await tx.linkedinAccount.findFirstOrThrow({ where: { id: accountId, workspaceId } });
    if (current.paused) return current;
    const paused = await tx.linkedinAccount.update({
      where: { id: current.id },
      data: { paused: true, pausedReason: reason, pausedAt: now(), updatedAt: now() },
    });
    await emitAccountEvent(tx, emit, paused, "account.paused");
    return paused;
  });
  return toSenderAccount(row);
}

export async function pauseSender(actor: Actor, accountId: string): Promise<TSenderAccount> {
  const row = await findSender(actor, accountId);
  return pauseSenderById(actor.workspaceId, row.id, "manual");
}
