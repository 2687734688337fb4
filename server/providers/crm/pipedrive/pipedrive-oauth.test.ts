// Connecting Pipedrive through the official client's OAuth helpers, against the stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { startPipedriveFake, type PipedriveFake } from "../../../test/fakes/pipedrive-fake";
import { CrmError, type CrmOAuthConfig } from "../types";
import { checkPipedriveApiDomain } from "./pipedrive-http";
import { pipedriveProvider } from "./pipedrive-provider";

const REDIRECT_URI = "https://herald.example.test/api/oauth/crm/callback";
let fake: PipedriveFake;
let config: CrmOAuthConfig;
const clock = new ManualClock("2026-11-02T09:00:00Z");

beforeAll(async () => {
  setClock(clock);
  fake = await startPipedriveFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, authorizeUrl: `${fake.url}/oauth/authorize`, tokenUrl: `${fake.url}/oauth/token`, apiBaseUrl: fake.url };
});

afterAll(async () => {
  setClock(systemClock);
  await fake.close();
});

async function codeFromAuthorizePage(url: string): Promise<{ code: string; state: string | null }> {
  const answer = await fetch(url, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { code: back.searchParams.get("code") ?? "", state: back.searchParams.get("state") };
}

async function refusal(promise: Promise<unknown>): Promise<CrmError> {
  const error: unknown = await promise.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(CrmError);
  return error as CrmError;
}

describe("Pipedrive OAuth", () => {
  it("sends the browser to Pipedrive's authorize page and exchanges the code for tokens and the company", async () => {
    const oauth = pipedriveProvider.oauth(config);
    const url = oauth.authorizeUrl({ state: "st_123", redirectUri: REDIRECT_URI });
    expect(new URL(url).searchParams.get("client_id")).toBe(fake.clientId);
    const { code, state } = await codeFromAuthorizePage(url);
    expect(state).toBe("st_123");

    const { tokens, account } = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(account).toEqual({ id: String(fake.company.id), name: fake.company.name });
    expect(tokens.refreshToken).toMatch(/^rt:/);
    expect(tokens.instanceUrl).toBe(fake.url);
    expect(tokens.expiresAt?.toISOString()).toBe("2026-11-02T09:59:59.000Z");
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
  });

  it("refuses a code used twice as revoked, in plain words", async () => {
    const oauth = pipedriveProvider.oauth(config);
    const code = fake.issueCode(REDIRECT_URI);
    await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const error = await refusal(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(error.kind).toBe("revoked");
    expect(error.message).toContain("Connect Pipedrive again");
  });

  it("renews the access token with a new single-use refresh token, keeping the company address", async () => {
    const oauth = pipedriveProvider.oauth(config);
    const { tokens } = await oauth.exchangeCode({ code: fake.issueCode(REDIRECT_URI), redirectUri: REDIRECT_URI });
    clock.advance(2 * 60 * 60 * 1000);
    const renewed = await oauth.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(renewed.instanceUrl).toBe(fake.url);
    expect(renewed.expiresAt?.getTime()).toBe(clock.now().getTime() + 3599 * 1000);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
    // Pipedrive's refresh tokens are exchanged once: the old one is refused from now on.
    expect(await refusal(oauth.refresh(tokens))).toMatchObject({ kind: "revoked" });
    expect((await oauth.refresh(renewed)).accessToken).toBeTruthy();
  });

  it("reports a revoked grant as revoked, and wrong app credentials by their setting's name", async () => {
    const oauth = pipedriveProvider.oauth(config);
    const { tokens } = await oauth.exchangeCode({ code: fake.issueCode(REDIRECT_URI), redirectUri: REDIRECT_URI });
    const wrongSecret = await refusal(pipedriveProvider.oauth({ ...config, clientSecret: "not-the-secret" }).refresh(tokens));
    expect(wrongSecret.kind).toBe("revoked");
    expect(wrongSecret.message).toContain("HERALD_PIPEDRIVE_CLIENT_SECRET");

    fake.revoke();
    const revoked = await refusal(oauth.refresh(tokens));
    expect(revoked.kind).toBe("revoked");
    // A 401 from the API may be an expired token: the sync core renews (refused here) before it disconnects.
    const api = await refusal(pipedriveProvider.client(tokens, config).account());
    expect(api.kind).toBe("token-expired");
  });

  it("sends tokens only to an https address under pipedrive.com", () => {
    expect(checkPipedriveApiDomain("https://analytical.pipedrive.com/")).toBe("https://analytical.pipedrive.com");
    for (const domain of ["http://analytical.pipedrive.com", "https://pipedrive.com.evil.test", "https://169.254.169.254", "not a url"]) {
      expect(() => checkPipedriveApiDomain(domain)).toThrow(CrmError);
    }
  });

  it("answers an unreachable token endpoint as unavailable", async () => {
    const closed = await startPipedriveFake();
    await closed.close();
    const error = await refusal(pipedriveProvider.oauth({ ...config, tokenUrl: `${closed.url}/oauth/token` }).exchangeCode({ code: "x", redirectUri: REDIRECT_URI }));
    expect(error.kind).toBe("unavailable");
  });
});
