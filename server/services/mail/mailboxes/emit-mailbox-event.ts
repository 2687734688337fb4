import type { Prisma } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import type { Emit } from "../../events/with-outbox";
import { toMailbox } from "./to-mailbox";

export type MailboxEventName = "account.connected" | "account.status_changed" | "account.paused" | "account.resumed";

/**
 * Mailboxes share the account.* events with senders; `channel: "email"` tells them apart, and
 * `account` is the full mailbox as GET /email-accounts/{id} returns it.
 */
export async function emitMailboxEvent(
  tx: Prisma.TransactionClient,
  emit: Emit,
  row: Mailbox,
  event: MailboxEventName,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await emit({ workspaceId: row.workspaceId, event, data: { channel: "email", account: await toMailbox(row, tx), ...extra } });
}
