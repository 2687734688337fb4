import type { Prisma } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import type { Emit } from "../events/with-outbox";
import { toSenderAccount } from "./to-sender-account";

export type AccountEventName =
  | "account.connected"
  | "account.connection_failed"
  | "account.checkpoint_required"
  | "account.status_changed"
  | "account.paused"
  | "account.resumed";

/** account.* events carry the full sender object, as GET /accounts/{id} returns it. */
export async function emitAccountEvent(
  tx: Prisma.TransactionClient,
  emit: Emit,
  row: LinkedinAccount,
  event: AccountEventName,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await emit({ workspaceId: row.workspaceId, event, data: { account: await toSenderAccount(row, tx), ...extra } });
}
