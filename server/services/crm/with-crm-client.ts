// Every use of a connection's CRM goes through here: the tokens are opened, refreshed when they
// expire within five minutes (the new ones stored), the API host checked, and calls paced under the
// provider's requests per second. A CRM that refuses the token (revoked, uninstalled) marks the
// connection "Disconnected — reconnect" and nothing else: the caller gets a HeraldError saying so.
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "../../db/client";
import type { CrmConnection } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { CRM_LABELS, crmApiOverridden, crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { instanceUrlProblem } from "../../providers/crm/instance-url";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import { CrmError, isCrmError, type CrmClient, type CrmProvider, type CrmProviderName, type CrmTokens } from "../../providers/crm/types";
import { openCrmTokens, sealCrmTokens } from "./crm-tokens";
import { markCrmRevoked } from "./mark-crm-revoked";

const REFRESH_AHEAD_MS = 5 * 60_000;

export interface OpenedCrm {
  connection: CrmConnection;
  provider: CrmProvider;
  client: CrmClient;
}

export function disconnectedError(connection: Pick<CrmConnection, "provider">): HeraldError {
  const label = CRM_LABELS[connection.provider as CrmProviderName];
  return new HeraldError({ code: "crm-disconnected", message: `${label} is disconnected: reconnect it under Settings → Integrations.` });
}

/**
 * Runs `work` with the connection's CRM client. A revoked token marks the connection and throws
 * "crm-disconnected"; other CrmErrors pass through for the caller (the sync log, a retry).
 */
export async function withCrmClient<T>(connection: CrmConnection, work: (opened: OpenedCrm) => Promise<T>, providers: CrmProviderLookup = crmProvider): Promise<T> {
  const name = connection.provider as CrmProviderName;
  if (connection.status === "revoked" || connection.status === "disconnected" || !connection.tokensEncrypted) throw disconnectedError(connection);
  const provider = await providers(name);
  const config = crmOAuthConfig(name);
  if (!config) throw new HeraldError({ code: "provider-not-configured", message: crmNotConfiguredMessage(name) });
  try {
    let tokens = openCrmTokens(connection.tokensEncrypted);
    if (tokens.expiresAt && tokens.refreshToken && tokens.expiresAt.getTime() - now().getTime() < REFRESH_AHEAD_MS) {
      tokens = await refreshTokens(connection, provider, tokens, config);
    }
    if (tokens.instanceUrl && !config.apiBaseUrl && !crmApiOverridden(name)) {
      const problem = instanceUrlProblem(name, tokens.instanceUrl);
      if (problem) throw new CrmError("revoked", problem);
    }
    const client = paced(provider.client(tokens, config), provider.requestsPerSecond);
    return await work({ connection, provider, client });
  } catch (error) {
    if (isCrmError(error) && error.kind === "revoked") {
      await markCrmRevoked(connection, error.message);
      throw disconnectedError(connection);
    }
    throw error;
  }
}

async function refreshTokens(connection: CrmConnection, provider: CrmProvider, tokens: CrmTokens, config: NonNullable<ReturnType<typeof crmOAuthConfig>>): Promise<CrmTokens> {
  const renewed = await provider.oauth(config).refresh(tokens);
  // A provider that does not rotate the refresh token answers none: the old one stays good.
  const kept: CrmTokens = { ...renewed, refreshToken: renewed.refreshToken ?? tokens.refreshToken, instanceUrl: renewed.instanceUrl ?? tokens.instanceUrl };
  await db.crmConnection.update({ where: { id: connection.id }, data: { tokensEncrypted: sealCrmTokens(kept), updatedAt: now() } });
  return kept;
}

/**
 * Spaces the client's calls at least 1/requestsPerSecond apart. This measures the wall clock on
 * purpose: the CRM counts real requests per real second, whatever Herald's clock says.
 */
function paced(client: CrmClient, requestsPerSecond: number): CrmClient {
  const gapMs = requestsPerSecond > 0 ? 1000 / requestsPerSecond : 0;
  let next = 0;
  const wait = async () => {
    const at = performance.now();
    const start = Math.max(at, next);
    next = start + gapMs;
    if (start > at) await sleep(start - at);
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        await wait();
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}
