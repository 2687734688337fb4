import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TSenderAccount } from "../../schemas/sender";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";
import { findSender } from "./find-sender";
import { toSenderAccount } from "./to-sender-account";

/** Resumes a paused sender (manually, or when InMail credits return). A no-op when not paused. */
export async function resumeSenderById(workspaceId: string, accountId: string): Promise<TSenderAccount> {
  const row = await withOutbox(async (tx, emit) => {
    const current = await tx.linkedinAccount.findFirstOrThrow({ where: { id: accountId, workspaceId } });
    if (!current.paused) return current;
    const resumed = await tx.linkedinAccount.update({
      where: { id: current.id },
      data: { paused: false, pausedReason: null, pausedAt: null, updatedAt: now() },
    });
    await emitAccountEvent(tx, emit, resumed, "account.resumed");
    return resumed;
  });
  return toSenderAccount(row);
}

export async function resumeSender(actor: Actor, accountId: string): Promise<TSenderAccount> {
  const row = await findSender(actor, accountId);
  return resumeSenderById(actor.workspaceId, row.id);
}
