// One reading of LinkedIn profile URLs, and one table of stored/searched spellings run against all
// three providers through their stand-ins: each finds the contact whichever spelling was stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubspotFake, type HubspotFake } from "../../test/fakes/hubspot-fake";
import { startPipedriveFake, type PipedriveFake } from "../../test/fakes/pipedrive-fake";
import { startSalesforceFake, type SalesforceFake } from "../../test/fakes/salesforce-fake";
import { hubspotEndpoints, hubspotProvider } from "./hubspot/hubspot-provider";
import { linkedinUrlVariants, normalisedLinkedinUrl, sameLinkedinProfile } from "./linkedin-url";
import { pipedriveProvider } from "./pipedrive/pipedrive-provider";
import { salesforceOAuthUrls } from "./salesforce/salesforce-oauth";
import { salesforceProvider } from "./salesforce/salesforce-provider";
import type { CrmClient } from "./types";

describe("normalisedLinkedinUrl", () => {
  it.each([
    ["https://www.linkedin.com/in/grace-hopper", "linkedin.com/in/grace-hopper"],
    ["http://linkedin.com/in/Grace-Hopper/", "linkedin.com/in/grace-hopper"],
    ["linkedin.com/in/grace-hopper", "linkedin.com/in/grace-hopper"],
    ["https://uk.linkedin.com/in/grace-hopper?trk=public_profile#about", "linkedin.com/in/grace-hopper"],
    ["  https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa/  ", "linkedin.com/in/josé-garcía"],
    ["https://www.linkedin.com/company/acme", null],
    ["https://linkedin.com.evil.test/in/grace-hopper", null],
    ["grace-hopper", null],
  ])("%s → %s", (value, expected) => {
    expect(normalisedLinkedinUrl(value)).toBe(expected);
  });

  it("compares profiles, and searches the common spellings of one", () => {
    expect(sameLinkedinProfile("https://de.linkedin.com/in/grace-hopper/", "www.linkedin.com/in/GRACE-HOPPER?x=1")).toBe(true);
    expect(sameLinkedinProfile("https://www.linkedin.com/in/grace-hopper", "https://www.linkedin.com/in/grace-hopper-2")).toBe(false);
    const variants = linkedinUrlVariants("https://uk.linkedin.com/in/Grace-Hopper?trk=x");
    expect(variants[0]).toBe("https://uk.linkedin.com/in/Grace-Hopper?trk=x");
    expect(variants).toEqual(expect.arrayContaining(["https://www.linkedin.com/in/grace-hopper", "https://www.linkedin.com/in/grace-hopper/", "linkedin.com/in/grace-hopper", "http://www.linkedin.com/in/grace-hopper"]));
  });
});

/** [stored in the CRM, searched by Herald]: the common spellings on both sides. */
const TABLE: Array<[string, string]> = [
  ["https://www.linkedin.com/in/grace-hopper", "https://www.linkedin.com/in/grace-hopper"],
  ["https://www.linkedin.com/in/grace-hopper/", "http://linkedin.com/in/grace-hopper"],
  ["linkedin.com/in/grace-hopper", "https://uk.linkedin.com/in/grace-hopper?trk=public_profile"],
  ["https://linkedin.com/in/grace-hopper", "https://www.linkedin.com/in/Grace-Hopper/#experience"],
  ["www.linkedin.com/in/grace-hopper/", "https://www.linkedin.com/in/grace-hopper"],
  ["http://www.linkedin.com/in/grace-hopper", "linkedin.com/in/grace-hopper/"],
  ["https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa", "https://www.linkedin.com/in/josé-garcía/"],
];

interface ProviderUnderTest {
  name: string;
  start(): Promise<{ client: CrmClient; field: string; store(url: string): Promise<string>; close(): Promise<void> }>;
}

const REDIRECT_URI = "https://herald.example.test/api/oauth/crm/callback";

const PROVIDERS: ProviderUnderTest[] = [
  {
    name: "HubSpot",
    async start() {
      const fake: HubspotFake = await startHubspotFake();
      const { accessToken, refreshToken } = fake.issueTokens();
      const client = hubspotProvider.client({ accessToken, refreshToken, expiresAt: null, instanceUrl: null }, { clientId: fake.clientId, clientSecret: fake.clientSecret, ...hubspotEndpoints(fake.url) });
      return { client, field: "hs_linkedin_url", store: async (url) => fake.addContact({ hs_linkedin_url: url }), close: () => fake.close() };
    },
  },
  {
    name: "Pipedrive",
    async start() {
      const fake: PipedriveFake = await startPipedriveFake();
      const config = { clientId: fake.clientId, clientSecret: fake.clientSecret, authorizeUrl: `${fake.url}/oauth/authorize`, tokenUrl: `${fake.url}/oauth/token`, apiBaseUrl: fake.url };
      const { tokens } = await pipedriveProvider.oauth(config).exchangeCode({ code: fake.issueCode(REDIRECT_URI), redirectUri: REDIRECT_URI });
      const client = pipedriveProvider.client(tokens, config);
      return {
        client,
        field: fake.linkedinFieldKey,
        store: async (url) => String(fake.addPerson({ name: "Grace Hopper", customFields: { [fake.linkedinFieldKey]: url } }).id),
        close: () => fake.close(),
      };
    },
  },
  {
    name: "Salesforce",
    async start() {
      const fake: SalesforceFake = await startSalesforceFake();
      const config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...salesforceOAuthUrls(fake.url), apiBaseUrl: fake.url };
      const { tokens } = await salesforceProvider.oauth(config).exchangeCode({ code: fake.issueCode(REDIRECT_URI), redirectUri: REDIRECT_URI });
      const client = salesforceProvider.client(tokens, config);
      return {
        client,
        field: "LinkedIn_URL__c",
        store: async (url) => fake.add("Contact", { LastName: "Hopper", LinkedIn_URL__c: url }).Id,
        close: () => fake.close(),
      };
    },
  },
];

describe.each(PROVIDERS)("$name finds a contact by LinkedIn URL", (provider) => {
  let under: Awaited<ReturnType<ProviderUnderTest["start"]>>;
  beforeAll(async () => {
    under = await provider.start();
  });
  afterAll(() => under.close());

  it.each(TABLE.map((row, index) => [...row, index] as const))("stored %s, searched %s", async (stored, searched, index) => {
    // Each row its own profile (the stand-in keeps the earlier rows' records), and a near miss beside it.
    const own = (url: string) => url.replace(/grace-hopper/gi, (slug) => `${slug}-${index}`);
    await under.store(own("https://www.linkedin.com/in/grace-hopper-x"));
    const id = await under.store(own(stored));
    const found = await under.client.findContact({ email: null, linkedinUrl: own(searched), linkedinField: under.field });
    expect(found?.id).toBe(id);
  });
});
