import { db, Prisma } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { ConnectResult, LinkedinProvider } from "../../providers/linkedin/types";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";
import { failSenderConnection } from "./fail-sender-connection";
import { startCheckpointWatch } from "./start-checkpoint-watch";
import { startConversationSync } from "./start-conversation-sync";
import { reconnectOrigin } from "./to-sender-account";
import { checkpointColumn, ssiColumn, type StoredCheckpoint } from "./sender-columns";

/** Reads InMail credits and the SSI after sign-in; a failure leaves them unknown, not the sender. */
async function readStats(provider: LinkedinProvider, providerAccountId: string) {
  const at = now();
  const [balance, ssi] = await Promise.all([
    provider.getInmailBalance(providerAccountId).catch(() => null),
    provider.getSsi(providerAccountId).catch(() => null),
  ]);
  return {
    inmailBalance: balance,
    inmailSyncedAt: balance === null ? null : at,
    ssi: ssiColumn(ssi ? { ...ssi, unavailable: false, syncedAt: at.toISOString() } : { unavailable: true, syncedAt: at.toISOString() }),
  };
}

/**
 * Applies what the provider answered to a sign-in, a checkpoint answer or a reconnect: the sender is
 * connected (account.connected; account.status_changed too when a verification step cleared), or
 * waits on a verification step (account.checkpoint_required; one completed outside Herald is then
 * watched in the background).
 * A LinkedIn account already connected to Herald is refused with 409 `already-connected`.
 */
export async function applyConnectResult(row: LinkedinAccount, result: ConnectResult): Promise<LinkedinAccount> {
  const provider = await getLinkedinProvider();
  if (result.status === "checkpoint") {
    const stored: StoredCheckpoint = {
      type: result.checkpoint.type,
      input: result.checkpoint.input,
      requestedAt: now().toISOString(),
      canResend: result.checkpoint.canResend,
      canTryAnotherWay: result.checkpoint.canTryAnotherWay,
      hostedUrl: result.checkpoint.hostedUrl ?? null,
      reconnectFrom: reconnectOrigin(row),
    };
    const pending = await withOutbox(async (tx, emit) => {
      const updated = await tx.linkedinAccount.update({
        where: { id: row.id },
        data: {
          providerAccountId: result.providerAccountId,
          connectionStatus: "checkpoint_required",
          checkpoint: checkpointColumn(stored),
          updatedAt: now(),
        },
      });
      await emitAccountEvent(tx, emit, updated, "account.checkpoint_required");
      return updated;
    });
    await startCheckpointWatch(pending);
    return pending;
  }

  const { identity } = result;
  const duplicate = await db.linkedinAccount.findFirst({
    where: { memberId: identity.memberId, id: { not: row.id }, connectionStatus: { in: ["connected", "reconnect_required"] } },
    select: { id: true },
  });
  if (duplicate) {
    const failure = { code: "already-connected" as const, message: "This LinkedIn account is already connected to Herald." };
    await failSenderConnection({ ...row, providerAccountId: identity.providerAccountId }, failure);
    throw new HeraldError(failure);
  }
  const stats = await readStats(provider, identity.providerAccountId).catch((error: unknown) => {
    logger.warn("Could not read sender stats", { error });
    return {};
  });
  const wasConnected = reconnectOrigin(row) !== null;
  const connected = await withOutbox(async (tx, emit) => {
    if (row.connectionStatus === "checkpoint_required") {
      // A pending step can be cleared by a poll and by the background watcher at the same moment:
      // only the first one connects the sender and sends the events.
      const [current] = await tx.$queryRaw<Array<{ connectionStatus: string }>>`
        SELECT "connectionStatus" FROM "LinkedinAccount" WHERE id = ${row.id} FOR UPDATE`;
      if (current?.connectionStatus !== "checkpoint_required") return tx.linkedinAccount.findUniqueOrThrow({ where: { id: row.id } });
    }
    const updated = await tx.linkedinAccount.update({
      where: { id: row.id },
      data: {
        providerAccountId: identity.providerAccountId,
        memberId: identity.memberId,
        fullName: identity.fullName,
        firstName: identity.firstName,
        lastName: identity.lastName,
        headline: identity.headline,
        publicIdentifier: identity.publicIdentifier,
        profileUrl: identity.profileUrl,
        profilePicture: identity.profilePicture,
        isPremium: identity.isPremium,
        isVerified: identity.isVerified,
        linkedinPlan: identity.plan,
        label: row.label || identity.fullName,
        status: "active",
        connectionStatus: "connected",
        checkpoint: Prisma.JsonNull,
        error: null,
        ...stats,
        updatedAt: now(),
      },
    });
    // A hosted connect link waiting on this sender is done, whoever saw the sign-in complete
    // (the page, a poll, or the background watcher of a verification step).
    await tx.senderHostedLink.updateMany({
      where: { accountId: row.id, status: "pending" },
      data: { status: "connected", completedAt: now(), errorCode: null, errorMessage: null },
    });
    await emitAccountEvent(tx, emit, updated, "account.connected");
    // Clearing a verification step is a change callers listen for (the spec points them to
    // account.status_changed instead of polling), even when the status itself was already active.
    if (row.connectionStatus === "checkpoint_required" || (wasConnected && row.status !== "active")) {
      await emitAccountEvent(tx, emit, updated, "account.status_changed", {
        previousStatus: row.status,
        previousConnectionStatus: row.connectionStatus,
      });
    }
    return updated;
  });
  await startConversationSync(connected);
  return connected;
}
