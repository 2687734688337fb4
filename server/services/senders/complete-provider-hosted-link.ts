import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getLinkedinProvider } from "../../providers/linkedin";
import { applyConnectResult } from "./apply-connect-result";
import { countSeatHolders } from "./seat-holders";
import { hostedLinkStatus } from "./to-sender-hosted-link";

/**
 * A provider that hosts the sign-in page (Unipile) reports that a person connected through one of
 * Herald's links: the sender joins the link's workspace (or the link's sender is repaired).
 * Trusted only for a pending link whose account the provider confirms.
 */
export async function completeProviderHostedLink(linkId: string, providerAccountId: string): Promise<boolean> {
  const link = await db.senderHostedLink.findUnique({ where: { id: linkId } });
  if (!link || hostedLinkStatus(link) !== "pending") return false;
  const provider = await getLinkedinProvider();
  const result = await provider.checkCheckpoint(providerAccountId).catch((error: unknown) => {
    logger.warn("Hosted sign-in notification for an account the provider does not confirm", { linkId, error });
    return null;
  });
  if (!result || result.status !== "connected") return false;

  let row = link.reconnectAccountId ? await db.linkedinAccount.findUnique({ where: { id: link.reconnectAccountId } }) : null;
  if (!row) {
    row = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`seats:${link.workspaceId}`}))`;
      const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: link.workspaceId }, select: { seatLimit: true } });
      if ((await countSeatHolders(tx, link.workspaceId)) >= workspace.seatLimit) return null;
      const at = now();
      return tx.linkedinAccount.create({
        data: {
          workspaceId: link.workspaceId,
          label: "",
          provider: provider.name,
          providerAccountId: `pending:${randomUUID()}`,
          connectionMethod: "password",
          connectedVia: "hosted-link",
          hostedLinkId: link.id,
          connectionStatus: "connecting",
          createdAt: at,
          updatedAt: at,
        },
      });
    });
  }
  if (!row) {
    await db.senderHostedLink.update({
      where: { id: link.id },
      data: { status: "failed", completedAt: now(), errorCode: "seat-limit-reached", errorMessage: "All sender seats are in use" },
    });
    await provider.disconnect(providerAccountId).catch(() => undefined);
    return false;
  }
  try {
    const connected = await applyConnectResult(row, result);
    await db.senderHostedLink.update({ where: { id: link.id }, data: { status: "connected", accountId: connected.id, completedAt: now() } });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.senderHostedLink.update({ where: { id: link.id }, data: { status: "failed", completedAt: now(), errorCode: "connection-failed", errorMessage: message } });
    return false;
  }
}
