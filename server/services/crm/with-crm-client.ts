// Every use of a connection's CRM goes through here: the tokens are opened, refreshed when they
// expire within five minutes (the new ones stored, one renewal at a time: renew-crm-tokens.ts), the
// API host checked, and calls paced under the provider's requests per second. A call the CRM
// refuses for an expired or unknown access token ("token-expired") is repeated once after a renewal. A CRM that refuses the token (revoked, uninstalled) marks the
// connection "Disconnected — reconnect" and nothing else: the caller gets a HeraldError saying so.
import { setTimeout as sleep } from "node:timers/promises";
import type { CrmConnection } from "../../db/generated/client";
import { HeraldError } from "../../lib/errors";
import { CRM_LABELS, crmApiOverridden, crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { instanceUrlProblem } from "../../providers/crm/instance-url";
import { crmProvider, type CrmProviderLookup } from "../../providers/crm/registry";
import { CrmError, isCrmError, type CrmClient, type CrmProvider, type CrmProviderName, type CrmTokens } from "../../providers/crm/types";
import { openCrmTokens } from "./crm-tokens";
import { markCrmRevoked } from "./mark-crm-revoked";
import { expiresSoon, renewCrmTokens } from "./renew-crm-tokens";

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
    let sealed = connection.tokensEncrypted;
    let tokens = openCrmTokens(sealed);
    if (tokens.refreshToken && expiresSoon(tokens)) ({ tokens, sealed } = await renewCrmTokens(connection.id, provider, config, sealed));
    const open = (current: CrmTokens): CrmClient => {
      if (current.instanceUrl && !config.apiBaseUrl && !crmApiOverridden(name)) {
        const problem = instanceUrlProblem(name, current.instanceUrl);
        if (problem) throw new CrmError("revoked", problem);
      }
      return provider.client(current, config);
    };
    const renewing: RenewingClient = { client: open(tokens), sealed };
    const renew = async () => {
      const renewed = await renewCrmTokens(connection.id, provider, config, renewing.sealed);
      renewing.sealed = renewed.sealed;
      renewing.client = open(renewed.tokens);
    };
    const client = paced(retriedOnExpiry(renewing, renew, provider.label), provider.requestsPerSecond);
    return await work({ connection, provider, client });
  } catch (error) {
    if (isCrmError(error) && error.kind === "revoked") {
      await markCrmRevoked(connection, error.message);
      throw disconnectedError(connection);
    }
    throw error;
  }
}

interface RenewingClient {
  client: CrmClient;
  sealed: string;
}

/**
 * A client whose calls, when the CRM refuses the access token ("token-expired"), renew the tokens
 * and go again once, on a client opened with the new ones. Refused again: the access is gone.
 */
function retriedOnExpiry(renewing: RenewingClient, renew: () => Promise<void>, label: string): CrmClient {
  return new Proxy(renewing.client, {
    get(_target, property) {
      const first: unknown = Reflect.get(renewing.client, property);
      if (typeof first !== "function") return first;
      return async (...args: unknown[]) => {
        const call = () => (Reflect.get(renewing.client, property) as (...a: unknown[]) => Promise<unknown>).apply(renewing.client, args);
        try {
          return await call();
        } catch (error) {
          if (!isCrmError(error) || error.kind !== "token-expired") throw error;
          await renew();
          try {
            return await call();
          } catch (again) {
            if (isCrmError(again) && again.kind === "token-expired") {
              throw new CrmError("revoked", `${label} refused Herald's access even after renewing it (${again.message}): reconnect it under Settings → Integrations.`, { cause: again });
            }
            throw again;
          }
        }
      };
    },
  });
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
