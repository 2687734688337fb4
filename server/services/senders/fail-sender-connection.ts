import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";

/**
 * A connection attempt failed: the sender is removed (so it holds no seat), the provider session is
 * ended when one was opened, and account.connection_failed carries the error code.
 */
export async function failSenderConnection(row: LinkedinAccount, error: { code: string; message: string }): Promise<void> {
  if (!row.providerAccountId.startsWith("pending:")) {
    const provider = await getLinkedinProvider();
    await provider.disconnect(row.providerAccountId).catch((cause: unknown) => logger.warn("Could not end the provider session", { error: cause }));
  }
  await withOutbox(async (tx, emit) => {
    const failed = { ...row, status: "error" as const, error: error.message, updatedAt: now() };
    await emitAccountEvent(tx, emit, failed, "account.connection_failed", { error });
    await tx.linkedinAccount.deleteMany({ where: { id: row.id } });
  });
}
