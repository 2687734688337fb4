// The sync core's token handling against the CRMs' stand-ins: renewals one at a time per
// connection (Pipedrive's refresh tokens are single-use), a refused access token renewed once and
// the call repeated, and only a renewal the CRM refuses disconnecting.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { hubspotEndpoints, hubspotProvider } from "@/server/providers/crm/hubspot/hubspot-provider";
import { pipedriveProvider } from "@/server/providers/crm/pipedrive/pipedrive-provider";
import { salesforceOAuthUrls } from "@/server/providers/crm/salesforce/salesforce-oauth";
import { salesforceProvider } from "@/server/providers/crm/salesforce/salesforce-provider";
import type { CrmOAuthConfig, CrmProvider, CrmProviderName } from "@/server/providers/crm/types";
import { createTestWorkspace } from "@/server/test/factories";
import { startHubspotFake } from "@/server/test/fakes/hubspot-fake";
import { startPipedriveFake, type PipedriveFake } from "@/server/test/fakes/pipedrive-fake";
import { startSalesforceFake, type SalesforceFake } from "@/server/test/fakes/salesforce-fake";
import { openCrmTokens, sealCrmTokens } from "./crm-tokens";
import { withCrmClient } from "./with-crm-client";

const REDIRECT_URI = "https://herald.example.test/api/oauth/crm/callback";
const clock = new ManualClock("2026-11-02T09:00:00Z");
let pipedrive: PipedriveFake;
let salesforce: SalesforceFake;
let config: CrmOAuthConfig;
let salesforceConfig: CrmOAuthConfig;

beforeEach(async () => {
  setClock(clock);
  pipedrive = await startPipedriveFake();
  process.env.HERALD_PIPEDRIVE_CLIENT_ID = pipedrive.clientId;
  process.env.HERALD_PIPEDRIVE_CLIENT_SECRET = pipedrive.clientSecret;
  process.env.HERALD_PIPEDRIVE_AUTHORIZE_URL = `${pipedrive.url}/oauth/authorize`;
  process.env.HERALD_PIPEDRIVE_TOKEN_URL = `${pipedrive.url}/oauth/token`;
  process.env.HERALD_PIPEDRIVE_API_URL = pipedrive.url;
  salesforce = await startSalesforceFake();
  process.env.HERALD_SALESFORCE_CLIENT_ID = salesforce.clientId;
  process.env.HERALD_SALESFORCE_CLIENT_SECRET = salesforce.clientSecret;
  process.env.HERALD_SALESFORCE_LOGIN_URL = salesforce.url;
  process.env.HERALD_SALESFORCE_API_URL = salesforce.url;
  resetEnv();
  salesforceConfig = { clientId: salesforce.clientId, clientSecret: salesforce.clientSecret, ...salesforceOAuthUrls(salesforce.url), apiBaseUrl: salesforce.url };
  config = { clientId: pipedrive.clientId, clientSecret: pipedrive.clientSecret, authorizeUrl: `${pipedrive.url}/oauth/authorize`, tokenUrl: `${pipedrive.url}/oauth/token`, apiBaseUrl: pipedrive.url };
});

afterEach(async () => {
  setClock(systemClock);
  await pipedrive.close();
  await salesforce.close();
});

function connectPipedrive() {
  return connect("pipedrive", pipedriveProvider, config, pipedrive.issueCode(REDIRECT_URI));
}

function connectSalesforce() {
  return connect("salesforce", salesforceProvider, salesforceConfig, salesforce.issueCode(REDIRECT_URI));
}

async function connect(name: CrmProviderName, provider: CrmProvider, providerConfig: CrmOAuthConfig, code: string) {
  const { actor } = await createTestWorkspace();
  const { tokens, account } = await provider.oauth(providerConfig).exchangeCode({ code, redirectUri: REDIRECT_URI });
  const at = clock.now();
  return db.crmConnection.create({
    data: {
      workspaceId: actor.workspaceId,
      provider: name,
      status: "connected",
      accountId: account.id,
      accountName: account.name,
      tokensEncrypted: sealCrmTokens(tokens),
      scopes: [],
      fieldMapping: [],
      exclusionRules: { customers: false, owned: false, listIds: [] },
      connectedById: actor.userId,
      createdAt: at,
      updatedAt: at,
    },
  });
}

const refreshes = () => pipedrive.tokenRequests.filter((request) => request.grant_type === "refresh_token").length;

describe("Pipedrive tokens", () => {
  it("two calls at once on an expiring token renew it once, and the connection stays connected", async () => {
    const connection = await connectPipedrive();
    clock.advance(3599 * 1000);
    pipedrive.expireAccessTokens();
    const accounts = await Promise.all([
      withCrmClient(connection, ({ client }) => client.account()),
      withCrmClient(connection, ({ client }) => client.account()),
    ]);
    expect(accounts.map((account) => account.id)).toEqual([String(pipedrive.company.id), String(pipedrive.company.id)]);
    expect(refreshes()).toBe(1);
    const row = await db.crmConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row.status).toBe("connected");
    // The rotated refresh token is the one stored: the next renewal goes through.
    clock.advance(3599 * 1000);
    pipedrive.expireAccessTokens();
    await withCrmClient(row, ({ client }) => client.account());
    expect(refreshes()).toBe(2);
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe("connected");
  });

  it("a caller holding tokens another renewal replaced uses the stored ones instead of renewing again", async () => {
    const connection = await connectPipedrive();
    clock.advance(3599 * 1000);
    pipedrive.expireAccessTokens();
    await withCrmClient(connection, ({ client }) => client.account());
    // `connection` still holds the first (now exchanged) refresh token.
    await withCrmClient(connection, ({ client }) => client.account());
    expect(refreshes()).toBe(1);
  });

  it("an access token refused before its expiry (a 401) is renewed once and the call repeated", async () => {
    const connection = await connectPipedrive();
    pipedrive.expireAccessTokens();
    const account = await withCrmClient(connection, ({ client }) => client.account());
    expect(account.id).toBe(String(pipedrive.company.id));
    expect(refreshes()).toBe(1);
    const row = await db.crmConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row.status).toBe("connected");
    expect(openCrmTokens(row.tokensEncrypted!).accessToken).not.toBe(openCrmTokens(connection.tokensEncrypted!).accessToken);
  });

  it("disconnects only when Pipedrive refuses the renewal", async () => {
    const connection = await connectPipedrive();
    pipedrive.revoke();
    await expect(withCrmClient(connection, ({ client }) => client.account())).rejects.toMatchObject({ code: "crm-disconnected" });
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe("revoked");
  });
});

describe("Salesforce tokens", () => {
  const stored = async (id: string) => db.crmConnection.findUniqueOrThrow({ where: { id } });

  it("an ended session is renewed and the new tokens stored, a rotated refresh token included", async () => {
    salesforce.rotateRefreshTokens(true);
    const connection = await connectSalesforce();
    const first = openCrmTokens(connection.tokensEncrypted!);
    salesforce.expireSessions();
    expect((await withCrmClient(connection, ({ client }) => client.account())).id).toBe(salesforce.organization.Id);
    const renewed = openCrmTokens((await stored(connection.id)).tokensEncrypted!);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshToken).not.toBe(first.refreshToken);

    // The first refresh token is spent; the stored (rotated) one renews the next time.
    salesforce.expireSessions();
    expect((await withCrmClient(await stored(connection.id), ({ client }) => client.account())).id).toBe(salesforce.organization.Id);
    expect((await stored(connection.id)).status).toBe("connected");
  });

  it("the token endpoint failing is a failure to retry, not a disconnection", async () => {
    const connection = await connectSalesforce();
    salesforce.expireSessions();
    salesforce.failTokenEndpointNext(1, 503);
    await expect(withCrmClient(connection, ({ client }) => client.account())).rejects.toMatchObject({ kind: "unavailable" });
    expect((await stored(connection.id)).status).toBe("connected");
    expect((await withCrmClient(connection, ({ client }) => client.account())).id).toBe(salesforce.organization.Id);
  });

  it("a revoked app disconnects", async () => {
    const connection = await connectSalesforce();
    salesforce.revoke();
    await expect(withCrmClient(connection, ({ client }) => client.account())).rejects.toMatchObject({ code: "crm-disconnected" });
    expect((await stored(connection.id)).status).toBe("revoked");
  });
});

describe("HubSpot tokens", () => {
  it("an access token HubSpot calls expired (EXPIRED_AUTHENTICATION) is renewed and the call repeated", async () => {
    const hubspot = await startHubspotFake();
    try {
      process.env.HERALD_HUBSPOT_CLIENT_ID = hubspot.clientId;
      process.env.HERALD_HUBSPOT_CLIENT_SECRET = hubspot.clientSecret;
      process.env.HERALD_HUBSPOT_AUTHORIZE_URL = `${hubspot.url}/oauth/authorize`;
      process.env.HERALD_HUBSPOT_TOKEN_URL = `${hubspot.url}/oauth/v1/token`;
      process.env.HERALD_HUBSPOT_API_URL = hubspot.url;
      resetEnv();
      const hubspotConfig = { clientId: hubspot.clientId, clientSecret: hubspot.clientSecret, ...hubspotEndpoints(hubspot.url) };
      const connection = await connect("hubspot", hubspotProvider, hubspotConfig, hubspot.authorize({ redirectUri: REDIRECT_URI }));
      hubspot.expireAccessTokens();
      expect((await withCrmClient(connection, ({ client }) => client.listPipelines())).length).toBeGreaterThan(0);
      expect(hubspot.tokenRequests.filter((request) => request.grant_type === "refresh_token")).toHaveLength(1);
      expect((await db.crmConnection.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe("connected");
    } finally {
      await hubspot.close();
    }
  });
});
