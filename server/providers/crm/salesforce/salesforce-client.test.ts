// Every CrmClient method of the Salesforce provider through jsforce, against the stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { startSalesforceFake, type SalesforceFake } from "../../../test/fakes/salesforce-fake";
import { CrmError, type CrmActivity, type CrmClient, type CrmOAuthConfig, type CrmPulledContact, type CrmTokens } from "../types";
import { salesforceOAuthUrls } from "./salesforce-oauth";
import { salesforceProvider } from "./salesforce-provider";

let fake: SalesforceFake;
let config: CrmOAuthConfig;
let tokens: CrmTokens;
let client: CrmClient;
const mapping = [...salesforceProvider.defaultFieldMapping];
const clock = new ManualClock("2026-11-02T09:00:00Z");
const LINKEDIN = "https://www.linkedin.com/in/grace-hopper";

beforeAll(async () => {
  setClock(clock);
  fake = await startSalesforceFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...salesforceOAuthUrls(fake.url), apiBaseUrl: fake.url };
  const redirectUri = "https://herald.example.test/api/oauth/crm/callback";
  ({ tokens } = await salesforceProvider.oauth(config).exchangeCode({ code: fake.issueCode(redirectUri), redirectUri }));
  client = salesforceProvider.client(tokens, config);
});

afterAll(async () => {
  setClock(systemClock);
  await fake.close();
});

async function refusal(promise: Promise<unknown>): Promise<CrmError> {
  const error: unknown = await promise.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(CrmError);
  return error as CrmError;
}

async function everyPage(read: (cursor: string | null) => Promise<{ items: CrmPulledContact[]; nextCursor: string | null }>): Promise<{ items: CrmPulledContact[]; pages: number }> {
  const items: CrmPulledContact[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null && pages < 50);
  return { items, pages };
}

const ACTIVITY: CrmActivity = { kind: "replied", occurredAt: new Date("2026-11-02T08:30:00Z"), subject: "Herald: Grace Hopper replied (campaign Q4 founders)", body: "Let's talk on Tuesday.", interest: "interested" };

describe("the Salesforce client", () => {
  it("reads the org, the lead and contact fields, the opportunity stages and the list views", async () => {
    fake.listViews.push({ id: "00B5g00000CUSTAAA", object: "Contact", label: "My customers", where: "Title = 'CTO'" }, { id: "00B5g00000LEADSAA", object: "Lead", label: "Open leads", where: "IsConverted = false" });
    expect(await client.account()).toEqual({ id: fake.organization.Id, name: "Analytical Engines Inc." });
    const fields = await client.listFields();
    expect(fields).toContainEqual({ name: "LinkedIn_URL__c", label: "LinkedIn URL", type: "string", readOnly: false });
    expect(fields).toContainEqual({ name: "SystemModstamp", label: "System Modstamp", type: "date", readOnly: true });
    expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(["Company", "AccountId", "Email"]));
    const [pipeline] = await client.listPipelines();
    expect(pipeline?.id).toBe("opportunity");
    expect(pipeline?.stages.map((stage) => stage.id)).toEqual(["Prospecting", "Qualification", "Needs Analysis", "Proposal/Price Quote", "Closed Won", "Closed Lost"]);
    expect(await client.listLists()).toEqual([
      { id: "Contact:00B5g00000CUSTAAA", name: "Contacts: My customers", size: null },
      { id: "Lead:00B5g00000LEADSAA", name: "Leads: Open leads", size: null },
    ]);
  });

  it("creates a lead once: found again by e-mail and by the LinkedIn field, a contact matched before a lead", async () => {
    const properties = { Email: "grace@navy.test", FirstName: "Grace", LastName: "Hopper", Title: "Rear Admiral", LinkedIn_URL__c: LINKEDIN };
    expect(await client.findContact({ email: "grace@navy.test", linkedinUrl: LINKEDIN, linkedinField: "LinkedIn_URL__c" })).toBeNull();
    const created = await client.createContact(properties);
    expect(created.id).toMatch(/^00Q/);
    expect(created.url).toBe(`${fake.url}/lightning/r/Lead/${created.id}/view`);
    expect(fake.records.get(created.id)).toMatchObject({ ...properties, Company: "[not provided]", OwnerId: fake.userId });

    expect(await client.findContact({ email: "GRACE@navy.test", linkedinUrl: null, linkedinField: null })).toEqual(created);
    expect(await client.findContact({ email: "other@navy.test", linkedinUrl: "linkedin.com/in/grace-hopper/", linkedinField: "LinkedIn_URL__c" })).toEqual(created);

    const account = fake.add("Account", { Name: "US Navy", Type: "Customer - Direct" });
    const contact = fake.add("Contact", { Email: "grace@navy.test", LastName: "Hopper", AccountId: account.Id });
    expect((await client.findContact({ email: "grace@navy.test", linkedinUrl: null, linkedinField: null }))?.id).toBe(contact.Id);
  });

  it("updates a contact with the fields a contact has, and refuses in Salesforce's words", async () => {
    const contact = fake.add("Contact", { Email: "ada@old.test", LastName: "Byron" });
    await client.updateContact(contact.Id, { LastName: "Lovelace", Company: "Analytical Engines", Title: "Analyst" });
    expect(fake.records.get(contact.Id)).toMatchObject({ LastName: "Lovelace", Title: "Analyst" });
    expect(fake.records.get(contact.Id)).not.toHaveProperty("Company");

    const missing = await refusal(client.updateContact(contact.Id, { LastName: "" }));
    expect(missing.kind).toBe("rejected");
    expect(missing.message).toContain("Required fields are missing: [LastName]");
    fake.validationRules.set("Contact", "Title must not mention competitors");
    const rule = await refusal(client.updateContact(contact.Id, { Title: "Ex-Competitor" }));
    expect(rule.kind).toBe("rejected");
    expect(rule.message).toContain("Title must not mention competitors");
    fake.validationRules.delete("Contact");
    expect((await refusal(client.updateContact("0035g00000GONEXAAA", { Title: "CEO" }))).kind).toBe("not-found");
    expect((await refusal(client.updateContact("not-an-id", { Title: "CEO" }))).kind).toBe("not-found");
  });

  it("logs an activity as a completed Task on the record", async () => {
    const { id } = await client.createContact({ Email: "task@lead.test", LastName: "Task", Company: "Tasks Ltd" });
    const task = await client.logActivity(id, ACTIVITY);
    expect(fake.records.get(task.id)).toMatchObject({ type: "Task", WhoId: id, Subject: ACTIVITY.subject, Description: "Let's talk on Tuesday.\n\nInterest: interested", ActivityDate: "2026-11-02", Status: "Completed" });
    expect((await refusal(client.logActivity("00Q5g00000GONEXAAA", ACTIVITY))).kind).toBe("not-found");
  });

  it("creates an opportunity in the stage: on a contact's account with a contact role, for a lead naming the lead", async () => {
    const account = fake.add("Account", { Name: "Acme", Type: "Prospect" });
    const contact = fake.add("Contact", { Email: "deal@acme.test", LastName: "Deal", AccountId: account.Id });
    const deal = await client.createDeal(contact.Id, { name: "Acme — Herald reply", pipelineId: "opportunity", stageId: "Qualification" });
    expect(fake.records.get(deal.id)).toMatchObject({ type: "Opportunity", Name: "Acme — Herald reply", StageName: "Qualification", AccountId: account.Id, CloseDate: "2026-12-02" });
    expect(fake.byType("OpportunityContactRole")).toContainEqual(expect.objectContaining({ OpportunityId: deal.id, ContactId: contact.Id, IsPrimary: true }));

    const lead = await client.createContact({ Email: "lead@deal.test", LastName: "Lead", Company: "Lead Co" });
    const leadDeal = await client.createDeal(lead.id, { name: "Lead Co — Herald reply", pipelineId: "opportunity", stageId: "Prospecting" });
    expect(String(fake.records.get(leadDeal.id)?.Description)).toContain(lead.id);

    const bad = await refusal(client.createDeal(contact.Id, { name: "Bad", pipelineId: "opportunity", stageId: "Signed" }));
    expect(bad.kind).toBe("rejected");
    expect(bad.message).toContain("bad value for restricted picklist field: Signed");
  });
});

describe("pulling from Salesforce", () => {
  it("pulls customers, colleagues' records and list view members in batches, and only what changed since", async () => {
    clock.set("2026-11-03T09:00:00Z");
    fake.setTime(new Date("2026-11-03T09:00:00Z"));
    const customerAccount = fake.add("Account", { Name: "Big Customer", Type: "Customer - Channel" });
    const customers = Array.from({ length: 250 }, (_, index) => fake.add("Contact", { Email: `c${index}@customer.test`, LastName: `Customer ${index}`, AccountId: customerAccount.Id }));
    const owned = fake.add("Lead", { Email: "owned@colleague.test", LastName: "Owned", Company: "Colleague Co", OwnerId: fake.colleagueId });
    fake.add("Lead", { Email: "queued@queue.test", LastName: "Queued", Company: "Queue Co", OwnerId: fake.queueId });
    const member = fake.add("Contact", { Email: "cto@list.test", LastName: "Member", Title: "CTO", LinkedIn_URL__c: "https://www.linkedin.com/in/cto" });
    const rules = { customers: true, owned: true, listIds: ["Contact:00B5g00000CUSTAAA"] };

    const all = await everyPage((cursor) => client.pullExclusions({ rules, since: new Date("2026-11-03T00:00:00Z"), cursor, mapping }));
    expect(all.pages).toBeGreaterThanOrEqual(4);
    const customerItems = all.items.filter((item) => item.reason === "customer");
    expect(new Set(customerItems.map((item) => item.email))).toEqual(new Set(customers.map((contact) => contact.Email)));
    expect(customerItems[0]?.values).toMatchObject({ company: "Big Customer" });
    expect(all.items.filter((item) => item.reason === "owned").map((item) => item.id)).toEqual([owned.Id]);
    expect(all.items.find((item) => item.reason === "list")).toMatchObject({ id: member.Id, email: "cto@list.test", linkedinUrl: "https://www.linkedin.com/in/cto", updatedAt: new Date("2026-11-03T09:00:00Z") });

    clock.set("2026-11-04T09:00:00Z");
    fake.setTime(new Date("2026-11-04T09:00:00Z"));
    const quiet = fake.add("Account", { Name: "Quiet Account", Type: "Prospect" });
    const converted = fake.add("Contact", { Email: "converted@quiet.test", LastName: "Quiet", AccountId: quiet.Id });
    fake.setTime(new Date("2026-11-05T09:00:00Z"));
    fake.touch(quiet.Id, { Type: "Customer - Direct" });
    const since = await everyPage((cursor) => client.pullExclusions({ rules: { customers: true, owned: false, listIds: [] }, since: new Date("2026-11-05T00:00:00Z"), cursor, mapping }));
    expect(since.items.map((item) => item.id)).toEqual([converted.Id]);
  });

  it("lists a list view's members in batches, resumes a lapsed locator from the start, and refuses an unknown list", async () => {
    const members = Array.from({ length: 210 }, (_, index) => fake.add("Lead", { Email: `l${index}@import.test`, LastName: `Import ${String(index).padStart(3, "0")}`, Company: "Import Co", Title: "Importee" }));
    fake.listViews.push({ id: "00B5g00000IMPORTAA", object: "Lead", label: "Importees", where: "Title = 'Importee'" });
    const first = await client.listMembers({ listId: "Lead:00B5g00000IMPORTAA", cursor: null, mapping });
    expect(first.items).toHaveLength(200);
    expect(first.items[0]?.values).toMatchObject({ lastName: "Import 000", company: "Import Co" });
    const second = await client.listMembers({ listId: "Lead:00B5g00000IMPORTAA", cursor: first.nextCursor, mapping });
    expect(second.items.map((item) => item.email)).toEqual(members.slice(200).map((lead) => lead.Email));
    expect(second.nextCursor).toBeNull();

    fake.expireLocators();
    const restarted = await client.listMembers({ listId: "Lead:00B5g00000IMPORTAA", cursor: first.nextCursor, mapping });
    expect(restarted.items).toHaveLength(200);
    expect((await refusal(client.listMembers({ listId: "Lead:00B5g00000NOPEXAA", cursor: null, mapping }))).kind).toBe("not-found");
    expect((await refusal(client.listMembers({ listId: "garbage", cursor: null, mapping }))).kind).toBe("not-found");
  });
});

describe("Salesforce's refusals", () => {
  it("reports an expired session for the sync core to renew, and a revoked app, the API limit and maintenance plainly", async () => {
    fake.expireSessions();
    // jsforce does not renew by itself (the new tokens would be lost): the session's end is "token-expired".
    expect(await refusal(client.account())).toMatchObject({ kind: "token-expired" });
    tokens = await salesforceProvider.oauth(config).refresh(tokens);
    client = salesforceProvider.client(tokens, config);
    expect(await client.account()).toMatchObject({ id: fake.organization.Id });

    fake.rateLimit(true);
    const limited = await refusal(client.listLists());
    expect(limited).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 3600 });
    expect(limited.message).toContain("TotalRequests Limit exceeded");
    fake.rateLimit(false);

    fake.outage(true);
    const down = await refusal(salesforceProvider.client(tokens, config).listPipelines());
    expect(down.kind).toBe("unavailable");
    fake.outage(false);

    const closed = await startSalesforceFake();
    await closed.close();
    const unreachable = await refusal(salesforceProvider.client(tokens, { ...config, apiBaseUrl: closed.url }).listLists());
    expect(unreachable.kind).toBe("unavailable");
    expect(await client.pullExclusions({ rules: { customers: false, owned: false, listIds: [] }, since: null, cursor: null, mapping })).toEqual({ items: [], nextCursor: null });

    fake.revoke();
    expect(await refusal(salesforceProvider.client(tokens, config).listLists())).toMatchObject({ kind: "token-expired" });
    const revoked = await refusal(salesforceProvider.oauth(config).refresh(tokens));
    expect(revoked.kind).toBe("revoked");
    expect(revoked.message).toContain("Connect Salesforce again");
  });
});
