// POST /database/people/search and POST /database/people/add-to-leads over HTTP: the body shapes,
// the 400 that names an unknown filter, the 402 of a short balance, and people becoming leads.
import { beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { generateCompanyData } from "@/server/services/company-database/generate-company-data";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { countSearchesExactly } from "@/server/test/exact-search-counts";

countSearchesExactly();

let actor: Actor;
let key: string;
beforeAll(async () => {
  await generateCompanyData({ seed: "people-api", companies: 50, people: 120, refreshValues: false });
  ({ actor } = await createTestWorkspace());
  key = (await createTestApiKey(actor)).key;
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: 10 } });
});

it("searches people, names an unknown filter, and refuses a page the balance cannot cover", async () => {
  const found = await callApi("POST", "/database/people/search", { key, body: { filters: { continents: ["europe", "north america"] }, limit: 4 } });
  expect(found.status).toBe(200);
  expect(found.body!.data).toHaveLength(4);
  expect(found.body!.paging).toMatchObject({ nextCursor: expect.any(String), totalCountIsEstimate: false });
  expect(found.body!.credits).toEqual({ charged: 4, alreadyPaid: 0, balance: 6 });
  expect(found.body!.creditsCharged).toBe(4);

  const unknown = await callApi("POST", "/database/people/search", { key, body: { filters: { jobTitle: "cto" } } });
  expect(unknown.status).toBe(400);
  expect(unknown.body!.error).toMatchObject({ code: "invalid-input", message: expect.stringContaining("jobTitle") });

  const short = await callApi("POST", "/database/people/search", {
    key,
    body: { filters: { continents: ["europe", "north america"] }, limit: 7, cursor: found.body!.paging.nextCursor },
  });
  expect(short.status).toBe(402);
  expect(short.body!.error).toMatchObject({ code: "insufficient-credits", details: { balance: 6, cost: 7 } });
});

it("adds the people found to a campaign", async () => {
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "From the API" }));
  const found = await callApi("POST", "/database/people/search", { key, body: { filters: { seniorities: ["entry"] }, limit: 2 } });
  const personIds = found.body!.data.map((person: { id: number }) => person.id);
  const added = await callApi("POST", "/database/people/add-to-leads", { key, body: { personIds, target: { campaignId: campaign.id } } });
  expect(added.status).toBe(200);
  expect(added.body!.data).toMatchObject({ people: 2, added: 2, skipped: 0, charged: 2 });
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(2);
  const missing = await callApi("POST", "/database/people/add-to-leads", { key, body: { personIds, target: { campaignId: "cmp_missing" } } });
  expect(missing.status).toBe(404);
});
