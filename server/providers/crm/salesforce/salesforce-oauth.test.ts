// Connecting Salesforce through jsforce's OAuth2, against the stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSalesforceFake, type SalesforceFake } from "../../../test/fakes/salesforce-fake";
import { CrmError, type CrmOAuthConfig } from "../types";
import { checkSalesforceInstanceUrl } from "./salesforce-connection";
import { salesforceOAuthUrls } from "./salesforce-oauth";
import { salesforceProvider } from "./salesforce-provider";

const REDIRECT_URI = "https://herald.example.test/api/oauth/crm/callback";
let fake: SalesforceFake;
let config: CrmOAuthConfig;

beforeAll(async () => {
  fake = await startSalesforceFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...salesforceOAuthUrls(fake.url), apiBaseUrl: fake.url };
});

afterAll(async () => {
  await fake.close();
});

async function refusal(promise: Promise<unknown>): Promise<CrmError> {
  const error: unknown = await promise.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(CrmError);
  return error as CrmError;
}

describe("Salesforce OAuth", () => {
  it("sends the browser to the login URL's authorize page with the api and refresh_token scopes, and exchanges the code", async () => {
    const oauth = salesforceProvider.oauth(config);
    const url = new URL(oauth.authorizeUrl({ state: "st_9", redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/services/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: "code", client_id: fake.clientId, redirect_uri: REDIRECT_URI, scope: "api refresh_token", state: "st_9" });

    const answer = await fetch(url, { redirect: "manual" });
    const back = new URL(answer.headers.get("location") ?? "");
    expect(back.searchParams.get("state")).toBe("st_9");
    const { tokens, account } = await oauth.exchangeCode({ code: back.searchParams.get("code") ?? "", redirectUri: REDIRECT_URI });
    expect(account).toEqual({ id: fake.organization.Id, name: "Analytical Engines Inc." });
    expect(tokens).toMatchObject({ instanceUrl: fake.url, expiresAt: null });
    expect(tokens.refreshToken).toMatch(/^5Aep/);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI, client_id: fake.clientId });
  });

  it("refuses a used code and a revoked refresh token as revoked, and names the settings for wrong app credentials", async () => {
    const oauth = salesforceProvider.oauth(config);
    const code = fake.issueCode(REDIRECT_URI);
    const { tokens } = await oauth.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect((await refusal(oauth.exchangeCode({ code, redirectUri: REDIRECT_URI }))).kind).toBe("revoked");

    const renewed = await oauth.refresh(tokens);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toBe(tokens.refreshToken);

    const wrong = await refusal(salesforceProvider.oauth({ ...config, clientSecret: "nope" }).refresh(tokens));
    expect(wrong.kind).toBe("revoked");
    expect(wrong.message).toContain("HERALD_SALESFORCE_CLIENT_SECRET");

    fake.revoke();
    const revoked = await refusal(oauth.refresh(tokens));
    expect(revoked.kind).toBe("revoked");
    expect(revoked.message).toContain("Connect Salesforce again");
  });

  it("sends tokens only to an https address on Salesforce's domains", () => {
    expect(checkSalesforceInstanceUrl("https://analytical.my.salesforce.com/")).toBe("https://analytical.my.salesforce.com");
    for (const url of ["http://analytical.my.salesforce.com", "https://salesforce.com.evil.test", "https://10.0.0.1", "nope"]) {
      expect(() => checkSalesforceInstanceUrl(url)).toThrow(CrmError);
    }
  });
});
