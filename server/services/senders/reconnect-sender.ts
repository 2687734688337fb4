import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TConnectOutcome, TReconnectSenderInput } from "../../schemas/sender";
import { applyConnectResult } from "./apply-connect-result";
import { findSender } from "./find-sender";
import { isProviderError, providerErrorToHerald } from "./provider-error";
import { openCredentials, sealCredentials } from "./sender-credentials";
import { toCheckpoint, toSenderAccount } from "./to-sender-account";
import { readCheckpoint } from "./sender-columns";

/**
 * Repairs a sender's session: a cookie sender with a fresh liAt (and user agent), a password sender
 * with its password. The stored proxy is kept unless a new one is sent. A failure leaves the sender
 * as it was, with the error.
 */
export async function reconnectSender(actor: Actor, accountId: string, input: TReconnectSenderInput): Promise<TConnectOutcome> {
  const row = await findSender(actor, accountId);
  const stored = openCredentials(row.credentialsEncrypted);
  const proxyUrl = input.proxy ?? stored.proxy;
  const proxy = proxyUrl ? { url: proxyUrl } : undefined;
  const provider = await getLinkedinProvider();
  const credentials = input.liAt
    ? { ...stored, liAt: input.liAt, userAgent: input.userAgent ?? stored.userAgent ?? "Mozilla/5.0", proxy: proxyUrl }
    : { ...stored, username: input.username ?? stored.username, password: input.password, proxy: proxyUrl };
  try {
    const result = input.liAt
      ? await provider.reconnectWithCookie(row.providerAccountId, { liAt: input.liAt, userAgent: credentials.userAgent!, proxy })
      : await provider.reconnectWithPassword(row.providerAccountId, { username: credentials.username ?? "", password: input.password!, proxy });
    if (result.status === "connected" && row.memberId && result.identity.memberId !== row.memberId) {
      throw new HeraldError({
        code: "different-account",
        message: `These credentials sign in ${result.identity.fullName}, not the LinkedIn account of this sender. Connect it as a new sender instead.`,
      });
    }
    await db.linkedinAccount.update({
      where: { id: row.id },
      data: { credentialsEncrypted: sealCredentials(credentials), connectionMethod: input.liAt ? "cookie" : "password", updatedAt: now() },
    });
    const updated = await applyConnectResult(row, result);
    const account = await toSenderAccount(updated);
    return result.status === "checkpoint"
      ? { account, status: "checkpoint_required", checkpoint: toCheckpoint(readCheckpoint(updated.checkpoint))! }
      : { account, status: "connected" };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    await db.linkedinAccount.update({ where: { id: row.id }, data: { error: error.message, updatedAt: now() } });
    throw providerErrorToHerald(error);
  }
}
