// Shared by the CRM sync's database tests: a configured HubSpot (environment), an in-memory CRM
// double handed to the services as their provider lookup, and a connection made through the real
// OAuth connect path.
import { resetEnv } from "../env";
import type { Actor } from "../lib/actor";
import type { CrmProviderLookup } from "../providers/crm/registry";
import type { CrmDouble } from "./fakes/crm-double";
import { completeCrmConnect } from "../services/crm/complete-crm-connect";
import { startCrmConnect } from "../services/crm/start-crm-connect";

export function configureHubspot(): void {
  process.env.HERALD_HUBSPOT_CLIENT_ID = "hubspot-client";
  process.env.HERALD_HUBSPOT_CLIENT_SECRET = "hubspot-secret";
  process.env.HERALD_HUBSPOT_AUTHORIZE_URL = "https://hubspot.stand-in.test/oauth/authorize";
  resetEnv();
}

export function lookupOf(double: CrmDouble): CrmProviderLookup {
  return async () => double.provider;
}

export function stateOf(authorizeUrl: string): string {
  return new URL(authorizeUrl).searchParams.get("state")!;
}

/** Connects HubSpot for the actor's workspace through start → callback; answers the connection id. */
export async function connectDouble(actor: Actor, double: CrmDouble): Promise<string> {
  const { authorizeUrl, browserNonce } = await startCrmConnect(actor, "hubspot", lookupOf(double));
  const outcome = await completeCrmConnect({ browserNonce, sessionUserId: actor.userId, state: stateOf(authorizeUrl), code: `code-${actor.workspaceId}`, error: null, errorDescription: null }, lookupOf(double));
  if (!outcome.connectionId) throw new Error(outcome.message);
  return outcome.connectionId;
}
