// HubSpot's OAuth through the official client against the stand-in, and every refusal mapped to
// the CrmError kind the sync acts on, in plain words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { startHubspotFake, type HubspotFake } from "../../../test/fakes/hubspot-fake";
import { startLocalHttpFake } from "../../../test/fakes/local-http-fake";
import { CrmError, type CrmOAuthConfig } from "../types";
import { hubspotEndpoints, hubspotProvider } from "./hubspot-provider";

let fake: HubspotFake;
let config: CrmOAuthConfig;
const redirectUri = "https://herald.example/api/oauth/crm/callback";

beforeAll(async () => {
  fake = await startHubspotFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...hubspotEndpoints(fake.url) };
});
afterAll(() => fake.close());
afterEach(() => setClock(systemClock));

async function refusal(promise: Promise<unknown>): Promise<CrmError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CrmError);
  return error as CrmError;
}

describe("connecting", () => {
  it("builds HubSpot's install URL with the client id, redirect URL, scopes and state", () => {
    const url = new URL(hubspotProvider.oauth({ ...config, authorizeUrl: "https://app.hubspot.com/oauth/authorize" }).authorizeUrl({ state: "st-1", redirectUri }));
    expect(url.origin + url.pathname).toBe("https://app.hubspot.com/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe(fake.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUri);
    expect(url.searchParams.get("state")).toBe("st-1");
    expect(url.searchParams.get("scope")?.split(" ")).toEqual([...hubspotProvider.scopes]);
    expect(hubspotProvider.scopes).toEqual(expect.arrayContaining(["oauth", "crm.objects.contacts.write", "crm.objects.deals.write", "crm.lists.read"]));
  });

  it("exchanges the code for tokens and the account, refreshes them, and the new access token works", async () => {
    const clock = new ManualClock(new Date("2026-12-01T09:00:00.000Z"));
    setClock(clock);
    const oauth = hubspotProvider.oauth(config);
    const code = fake.authorize({ redirectUri });
    const { tokens, account } = await oauth.exchangeCode({ code, redirectUri });
    expect(account).toEqual({ id: String(fake.hubId), name: fake.hubDomain });
    expect(tokens.expiresAt).toEqual(new Date("2026-12-01T09:30:00.000Z"));
    expect(tokens.instanceUrl).toBeNull();
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: fake.clientId, client_secret: fake.clientSecret });

    fake.expireAccessTokens();
    const expired = await refusal(hubspotProvider.client(tokens, config).listPipelines());
    // An expired access token is not a lost connection: the sync core renews it and repeats the call.
    expect(expired.kind).toBe("token-expired");
    expect(expired.message).toMatch(/^HubSpot's access token had expired when Herald tried to list the deal pipelines \(The OAuth token used to make this call expired \d+ minute\(s\) ago\); Herald renews it and tries again\.$/);

    const refreshed = await oauth.refresh(tokens);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
    expect((await hubspotProvider.client(refreshed, config).listPipelines()).length).toBeGreaterThan(0);
  });

  it("walks the stand-in's install page: it redirects back with a code and the state", async () => {
    const url = hubspotProvider.oauth(config).authorizeUrl({ state: "st-2", redirectUri });
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location") ?? "");
    expect(back.searchParams.get("state")).toBe("st-2");
    const { account } = await hubspotProvider.oauth(config).exchangeCode({ code: back.searchParams.get("code") ?? "", redirectUri });
    expect(account.id).toBe(String(fake.hubId));
  });

  it("refuses a used code, a different redirect URL and a wrong client secret in plain words", async () => {
    const oauth = hubspotProvider.oauth(config);
    const code = fake.authorize({ redirectUri });
    await oauth.exchangeCode({ code, redirectUri });
    const reused = await refusal(oauth.exchangeCode({ code, redirectUri }));
    expect(reused).toMatchObject({ kind: "rejected", message: "HubSpot refused the authorization (missing or unknown auth code): it expired or was already used. Connect HubSpot again." });

    const elsewhere = await refusal(oauth.exchangeCode({ code: fake.authorize({ redirectUri }), redirectUri: "https://other.example/callback" }));
    expect(elsewhere.message).toMatch(/redirect URL .* must match the one set in the HubSpot app exactly/);

    const badSecret = await refusal(hubspotProvider.oauth({ ...config, clientSecret: "wrong" }).exchangeCode({ code: fake.authorize({ redirectUri }), redirectUri }));
    expect(badSecret).toMatchObject({ kind: "rejected" });
    expect(badSecret.message).toMatch(/client ID or secret/);
  });

  it("an uninstalled app: the API answers revoked, and so does the refresh", async () => {
    const local = await startHubspotFake();
    try {
      const localConfig = { ...config, ...hubspotEndpoints(local.url) };
      const { accessToken, refreshToken } = local.issueTokens();
      const tokens = { accessToken, refreshToken, expiresAt: null, instanceUrl: null };
      local.revoke();
      const api = await refusal(hubspotProvider.client(tokens, localConfig).findContact({ email: "a@b.test", linkedinUrl: null, linkedinField: null }));
      expect(api.kind).toBe("revoked");
      expect(api.message).toMatch(/^HubSpot refused Herald's access while trying to look the contact up: Authentication credentials not found\..*Reconnect HubSpot in Settings → Integrations\.$/);
      const refresh = await refusal(hubspotProvider.oauth(localConfig).refresh(tokens));
      expect(refresh).toMatchObject({ kind: "revoked" });
      expect(refresh.message).toBe(
        "HubSpot no longer accepts this connection (missing or invalid refresh token): the app was uninstalled or its access was revoked. Reconnect HubSpot in Settings → Integrations.",
      );
    } finally {
      await local.close();
    }
  });
});

describe("refusals while syncing", () => {
  it("a 429 is rate-limited with HubSpot's Retry-After, and the call after it goes through (the client does not retry by itself)", async () => {
    const { accessToken, refreshToken } = fake.issueTokens();
    const client = hubspotProvider.client({ accessToken, refreshToken, expiresAt: null, instanceUrl: null }, config);
    fake.rateLimitNext(1, 7);
    const before = fake.requests.length;
    const limited = await refusal(client.createContact({ email: "busy@me.test" }));
    expect(limited).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 7 });
    expect(limited.message).toBe("HubSpot asked Herald to slow down while trying to create the contact (You have reached your ten_secondly_rolling limit).");
    expect(fake.requests.length - before).toBe(1);
    expect((await client.createContact({ email: "busy@me.test" })).id).toBeTruthy();

    // HubSpot's usual 429: no Retry-After, the window in X-HubSpot-RateLimit-Interval-Milliseconds.
    fake.rateLimitNext(1);
    expect(await refusal(client.createContact({ email: "busy@me.test" }))).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 10 });
  });

  it("HubSpot failing is unavailable, and so is HubSpot unreachable", async () => {
    const { accessToken, refreshToken } = fake.issueTokens();
    const tokens = { accessToken, refreshToken, expiresAt: null, instanceUrl: null };
    fake.failNext(1, 502);
    expect(await refusal(hubspotProvider.client(tokens, config).listLists())).toMatchObject({ kind: "unavailable" });

    const closed = await startLocalHttpFake();
    const gone = closed.url;
    await closed.close();
    const unreachable = await refusal(hubspotProvider.client(tokens, { ...config, apiBaseUrl: gone }).listFields());
    expect(unreachable.kind).toBe("unavailable");
    expect(unreachable.message).toMatch(/^HubSpot could not be reached to list the contact properties \(.+\); Herald will try again\.$/);
  });

  it("a list that is gone is not-found", async () => {
    const { accessToken, refreshToken } = fake.issueTokens();
    const client = hubspotProvider.client({ accessToken, refreshToken, expiresAt: null, instanceUrl: null }, config);
    const gone = await refusal(client.listMembers({ listId: "424242", cursor: null, mapping: [] }));
    expect(gone).toMatchObject({ kind: "not-found", message: "HubSpot could not find what Herald needed to read the list's members: List does not exist with id 424242." });
  });
});

describe("hubspotEndpoints", () => {
  it("points at HubSpot itself unless given a stand-in's address", () => {
    expect(hubspotEndpoints()).toEqual({ authorizeUrl: "https://app.hubspot.com/oauth/authorize", tokenUrl: "https://api.hubapi.com/oauth/v1/token", apiBaseUrl: null });
    expect(hubspotEndpoints("http://127.0.0.1:4000/")).toEqual({ authorizeUrl: "http://127.0.0.1:4000/oauth/authorize", tokenUrl: "http://127.0.0.1:4000/oauth/v1/token", apiBaseUrl: "http://127.0.0.1:4000" });
  });
});
