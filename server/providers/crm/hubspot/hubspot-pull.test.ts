// Pulling from HubSpot through the official client against the stand-in: exclusions (customers,
// owned, list members) paged and resumable, `since` honoured; a list's members paged for import.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHubspotFake, type HubspotFake } from "../../../test/fakes/hubspot-fake";
import type { CrmClient, CrmExclusionRules, CrmPulledContact } from "../types";
import { EXCLUSIONS_PAGE_SIZE } from "./exclusions";
import { hubspotEndpoints, hubspotProvider, HUBSPOT_DEFAULT_FIELD_MAPPING } from "./hubspot-provider";
import { MEMBERS_PAGE_SIZE } from "./lists";

let fake: HubspotFake;
let client: CrmClient;
const mapping = [...HUBSPOT_DEFAULT_FIELD_MAPPING];

beforeEach(async () => {
  fake = await startHubspotFake();
  const config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...hubspotEndpoints(fake.url) };
  const { accessToken, refreshToken } = fake.issueTokens();
  client = hubspotProvider.client({ accessToken, refreshToken, expiresAt: null, instanceUrl: null }, config);
});
afterEach(() => fake.close());

async function pullAll(rules: CrmExclusionRules, since: Date | null): Promise<{ items: CrmPulledContact[]; pages: number }> {
  const items: CrmPulledContact[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.pullExclusions({ rules, since, cursor, mapping });
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { items, pages };
}

describe("pullExclusions", () => {
  it("answers customers and owned contacts with the reason, their mapped values, and leaves the others out", async () => {
    const customer = fake.addContact({ email: "buyer@corp.test", firstname: "Barbara", lastname: "Liskov", company: "Corp", hs_linkedin_url: "https://www.linkedin.com/in/liskov" });
    fake.setLifecycleStage(customer, "customer");
    const owned = fake.addContact({ email: "owned@corp.test" });
    fake.setOwner(owned, "77");
    fake.addContact({ email: "lead@corp.test" });

    const { items } = await pullAll({ customers: true, owned: true, listIds: [] }, null);
    expect(items.map((item) => [item.id, item.reason])).toEqual([
      [customer, "customer"],
      [owned, "owned"],
    ]);
    expect(items[0]).toMatchObject({
      email: "buyer@corp.test",
      linkedinUrl: "https://www.linkedin.com/in/liskov",
      values: { email: "buyer@corp.test", firstName: "Barbara", lastName: "Liskov", company: "Corp", linkedinUrl: "https://www.linkedin.com/in/liskov" },
    });
    expect(items[0]?.updatedAt).toBeInstanceOf(Date);

    const onlyOwned = await pullAll({ customers: false, owned: true, listIds: [] }, null);
    expect(onlyOwned.items.map((item) => item.id)).toEqual([owned]);
  });

  it("pages through more than a page of customers, then the lists' members, resuming from each cursor", async () => {
    const customers = Array.from({ length: EXCLUSIONS_PAGE_SIZE + 5 }, (_, index) => {
      const id = fake.addContact({ email: `customer-${index}@corp.test` });
      fake.setLifecycleStage(id, "customer");
      return id;
    });
    const members = Array.from({ length: MEMBERS_PAGE_SIZE + 3 }, (_, index) => fake.addContact({ email: `member-${index}@corp.test` }));
    const list = fake.addList("Do not contact", members);

    const first = await client.pullExclusions({ rules: { customers: true, owned: false, listIds: [list] }, since: null, cursor: null, mapping });
    expect(first.items).toHaveLength(EXCLUSIONS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();

    const { items, pages } = await pullAll({ customers: true, owned: false, listIds: [list] }, null);
    expect(pages).toBe(4);
    expect(items.filter((item) => item.reason === "customer").map((item) => item.id)).toEqual(customers);
    expect(items.filter((item) => item.reason === "list").map((item) => item.id)).toEqual(members);
  });

  it("with since: only what changed (or joined the list) since then", async () => {
    fake.setTime(new Date("2026-10-01T00:00:00.000Z"));
    const oldCustomer = fake.addContact({ email: "old@corp.test" });
    fake.setLifecycleStage(oldCustomer, "customer");
    const oldMember = fake.addContact({ email: "old-member@corp.test" });
    const list = fake.addList("Partners", [oldMember]);

    fake.setTime(new Date("2026-11-15T00:00:00.000Z"));
    const newCustomer = fake.addContact({ email: "new@corp.test" });
    fake.setLifecycleStage(newCustomer, "customer");
    const newMember = fake.addContact({ email: "new-member@corp.test" });
    fake.addToList(list, [newMember]);

    const since = new Date("2026-11-01T00:00:00.000Z");
    const { items } = await pullAll({ customers: true, owned: false, listIds: [list] }, since);
    expect(items.map((item) => item.id)).toEqual([newCustomer, newMember]);

    const search = fake.requests.find((request) => request.path === "/crm/v3/objects/contacts/search");
    expect(JSON.parse(search?.body.toString("utf8") ?? "{}").filterGroups[0].filters).toContainEqual({ propertyName: "lastmodifieddate", operator: "GTE", value: String(since.getTime()) });
  });

  it("no rules: nothing, in one call", async () => {
    expect(await client.pullExclusions({ rules: { customers: false, owned: false, listIds: [] }, since: null, cursor: null, mapping })).toEqual({ items: [], nextCursor: null });
  });

  it("refuses a cursor it did not make", async () => {
    const refusal = await client.pullExclusions({ rules: { customers: true, owned: false, listIds: [] }, since: null, cursor: "not-a-cursor", mapping }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: "rejected", message: "The HubSpot sync's bookmark is unreadable; start the pull again from the beginning." });
  });
});

describe("listMembers", () => {
  it("pages through a list's members with their mapped values", async () => {
    const ids = Array.from({ length: MEMBERS_PAGE_SIZE * 2 + 1 }, (_, index) => fake.addContact({ email: `import-${index}@corp.test`, firstname: `Person ${index}` }));
    const list = fake.addList("Import me", ids);
    const seen: CrmPulledContact[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listMembers({ listId: list, cursor, mapping });
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.id)).toEqual(ids);
    expect(seen[5]).toMatchObject({ email: "import-5@corp.test", reason: null, values: { firstName: "Person 5" } });
  });

  it("leaves out a member deleted in HubSpot (HubSpot answers the batch read 207)", async () => {
    const kept = fake.addContact({ email: "kept@corp.test" });
    const deleted = fake.addContact({ email: "deleted@corp.test" });
    const list = fake.addList("Half gone", [kept, deleted]);
    fake.deleteContact(deleted);
    const page = await client.listMembers({ listId: list, cursor: null, mapping });
    expect(page).toMatchObject({ items: [{ id: kept, email: "kept@corp.test" }], nextCursor: null });
  });
});
