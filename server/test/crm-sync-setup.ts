// Shared by the CRM sync's database tests: a configured HubSpot (environment), an in-memory CRM
// double handed to the services as their provider lookup, and a connection made through the real
// OAuth connect path.
import { afterAll, beforeAll } from "vitest";
import { resetEnv } from "../env";
import type { Actor } from "../lib/actor";
import type { CrmProviderLookup } from "../providers/crm/registry";
import type { CrmDouble } from "./fakes/crm-double";
import { FAKE_HUBSPOT_CLIENT_ID, FAKE_HUBSPOT_CLIENT_SECRET } from "./fakes/hubspot-fake-oauth";
import { startHubspotFake, type HubspotFake } from "./fakes/hubspot-fake";
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

const HUBSPOT_ENV = ["HERALD_HUBSPOT_CLIENT_ID", "HERALD_HUBSPOT_CLIENT_SECRET", "HERALD_HUBSPOT_AUTHORIZE_URL", "HERALD_HUBSPOT_TOKEN_URL", "HERALD_HUBSPOT_API_URL"] as const;

/**
 * Starts the HubSpot stand-in before the file's tests and points Herald's HubSpot settings at it;
 * stops it and clears them after. Read the stand-in through the answer's `fake` inside tests.
 */
export function useHubspotStandIn(): { readonly fake: HubspotFake } {
  let fake: HubspotFake | undefined;
  beforeAll(async () => {
    fake = await startHubspotFake();
    Object.assign(process.env, {
      HERALD_HUBSPOT_CLIENT_ID: FAKE_HUBSPOT_CLIENT_ID,
      HERALD_HUBSPOT_CLIENT_SECRET: FAKE_HUBSPOT_CLIENT_SECRET,
      HERALD_HUBSPOT_AUTHORIZE_URL: `${fake.url}/oauth/authorize`,
      HERALD_HUBSPOT_TOKEN_URL: `${fake.url}/oauth/v1/token`,
      HERALD_HUBSPOT_API_URL: fake.url,
    });
    resetEnv();
  });
  afterAll(async () => {
    await fake?.close();
    for (const key of HUBSPOT_ENV) delete process.env[key];
    resetEnv();
  });
  return {
    get fake() {
      if (!fake) throw new Error("The HubSpot stand-in starts in beforeAll: read it inside a test.");
      return fake;
    },
  };
}
