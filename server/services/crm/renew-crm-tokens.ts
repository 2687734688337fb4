// Renews a connection's access token, one renewal at a time per connection. Pipedrive's and
// Salesforce's refresh tokens are single-use when they rotate ("refresh_token is invalid … or it was
// already exchanged"): two renewals at once (a sync step and a Settings editor) would have the
// second refused, and a refused renewal reads as a revoked connection. So a renewal takes the
// connection's turn, re-reads the stored tokens under it, and uses the ones another renewal stored
// meanwhile instead of renewing again.
//
// The turn is an in-process queue plus, on a PostgreSQL server (several Herald processes), a
// transaction-scoped advisory lock held across the token request — the CRM's token endpoint never
// writes Herald's database, so nothing waits on the lock's own transaction. On the embedded
// database (one process, one transaction at a time) no transaction is held across the network
// call: the in-process queue alone serializes, as for the warmup lock (warmup-lock.ts).
import { databaseIsEmbedded, db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import { CrmError, isCrmError, type CrmOAuthConfig, type CrmProvider, type CrmTokens } from "../../providers/crm/types";
import { openCrmTokens, sealCrmTokens } from "./crm-tokens";

/** Tokens expiring within this long are renewed before a call. */
export const REFRESH_AHEAD_MS = 5 * 60_000;
const LOCKED_TIMEOUT_MS = 60_000;

const slot: typeof globalThis & { __heraldCrmRenewals?: Map<string, Promise<unknown>> } = globalThis;

async function inProcessTurn<T>(connectionId: string, work: () => Promise<T>): Promise<T> {
  slot.__heraldCrmRenewals ??= new Map();
  const queues = slot.__heraldCrmRenewals;
  const earlier = queues.get(connectionId) ?? Promise.resolve();
  const turn = earlier.catch(() => undefined).then(work);
  const settled = turn.catch(() => undefined);
  queues.set(connectionId, settled);
  try {
    return await turn;
  } finally {
    if (queues.get(connectionId) === settled) queues.delete(connectionId);
  }
}

function withRenewalTurn<T>(connectionId: string, work: (client: DbClient) => Promise<T>): Promise<T> {
  return inProcessTurn(connectionId, () => {
    if (databaseIsEmbedded()) return work(db);
    return db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`crm-tokens:${connectionId}`}))`;
        return work(tx);
      },
      { maxWait: 10_000, timeout: LOCKED_TIMEOUT_MS },
    );
  });
}

export function expiresSoon(tokens: CrmTokens): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt.getTime() - now().getTime() < REFRESH_AHEAD_MS;
}

export interface RenewedTokens {
  tokens: CrmTokens;
  /** The sealed form now stored: what the next renewal compares against. */
  sealed: string;
}

/**
 * New tokens for the connection. `seen` is the sealed tokens the caller holds (whose access token
 * expires or was refused): when the stored ones differ, someone renewed (or reconnected) meanwhile
 * and those are used as they are, unless they too expire soon.
 */
export async function renewCrmTokens(connectionId: string, provider: CrmProvider, config: CrmOAuthConfig, seen: string): Promise<RenewedTokens> {
  let used = seen;
  try {
    return await withRenewalTurn(connectionId, async (client) => {
      const row = await client.crmConnection.findUnique({ where: { id: connectionId }, select: { tokensEncrypted: true } });
      if (!row?.tokensEncrypted) throw new CrmError("revoked", `${provider.label} was disconnected in Herald.`);
      used = row.tokensEncrypted;
      const stored = openCrmTokens(row.tokensEncrypted);
      if (row.tokensEncrypted !== seen && !expiresSoon(stored)) return { tokens: stored, sealed: row.tokensEncrypted };
      if (!stored.refreshToken) throw new CrmError("revoked", `${provider.label} gave Herald no way to renew its access: reconnect it under Settings → Integrations.`);
      const renewed = await provider.oauth(config).refresh(stored);
      // A provider that does not rotate the refresh token answers none: the old one stays good.
      const kept: CrmTokens = { ...renewed, refreshToken: renewed.refreshToken ?? stored.refreshToken, instanceUrl: renewed.instanceUrl ?? stored.instanceUrl };
      const sealed = sealCrmTokens(kept);
      await client.crmConnection.update({ where: { id: connectionId }, data: { tokensEncrypted: sealed, updatedAt: now() } });
      return { tokens: kept, sealed };
    });
  } catch (error) {
    if (!isCrmError(error) || error.kind !== "revoked") throw error;
    // Refused: if another process renewed or the user reconnected meanwhile, those tokens are good.
    const row = await db.crmConnection.findUnique({ where: { id: connectionId }, select: { tokensEncrypted: true } });
    if (row?.tokensEncrypted && row.tokensEncrypted !== used) return { tokens: openCrmTokens(row.tokensEncrypted), sealed: row.tokensEncrypted };
    throw error;
  }
}
