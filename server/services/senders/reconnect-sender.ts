import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { getLinkedinProvider } from "../../providers/linkedin";
import { ZReconnectSenderInput, type TConnectSenderResult } from "../../schemas/sender";
import { applyConnectResult } from "./apply-connect-result";
import { findSender } from "./find-sender";
import { isProviderError, providerErrorToHerald } from "./provider-error";
import { openCredentials, sealCredentials } from "./sender-credentials";
import { toCheckpoint, toSenderAccount, type StoredCheckpoint } from "./to-sender-account";

/**
 * Repairs a sender's session: a cookie sender with a fresh liAt (and user agent), a password sender
 * with its password. The stored proxy is kept unless a new one is sent. A failure leaves the sender
 * as it was, with the error.
 */
export async function reconnectSender(actor: Actor, accountId: string, input: unknown): Promise<TConnectSenderResult> {
  const parsed = parseInput(ZReconnectSenderInput, input);
  const row = await findSender(actor, accountId);
  const stored = openCredentials(row.credentialsEncrypted);
  const proxyUrl = parsed.proxy ?? stored.proxy;
  const proxy = proxyUrl ? { url: proxyUrl } : undefined;
  const provider = await getLinkedinProvider();
  const credentials = parsed.liAt
    ? { ...stored, liAt: parsed.liAt, userAgent: parsed.userAgent ?? stored.userAgent ?? "Mozilla/5.0", proxy: proxyUrl }
    : { ...stored, username: parsed.username ?? stored.username, password: parsed.password, proxy: proxyUrl };
  try {
    const result = parsed.liAt
      ? await provider.reconnectWithCookie(row.providerAccountId, { liAt: parsed.liAt, userAgent: credentials.userAgent!, proxy })
      : await provider.reconnectWithPassword(row.providerAccountId, { username: credentials.username ?? "", password: parsed.password!, proxy });
    if (result.status === "connected" && row.memberId && result.identity.memberId !== row.memberId) {
      throw new HeraldError({
        code: "different-account",
        message: `These credentials sign in ${result.identity.fullName}, not the LinkedIn account of this sender. Connect it as a new sender instead.`,
      });
    }
    await db.linkedinAccount.update({
      where: { id: row.id },
      data: { credentialsEncrypted: sealCredentials(credentials), connectionMethod: parsed.liAt ? "cookie" : "password", updatedAt: now() },
    });
    const updated = await applyConnectResult(row, result);
    const account = await toSenderAccount(updated);
    return result.status === "checkpoint"
      ? { data: account, status: "checkpoint_required", checkpoint: toCheckpoint(updated.checkpoint as StoredCheckpoint | null)! }
      : { data: account, status: "connected" };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    await db.linkedinAccount.update({ where: { id: row.id }, data: { error: error.message, updatedAt: now() } });
    throw providerErrorToHerald(error);
  }
}
