// Every CrmClient method of the Pipedrive provider through the official client, against the stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { startPipedriveFake, type PipedriveFake } from "../../../test/fakes/pipedrive-fake";
import { CrmError, type CrmActivity, type CrmClient, type CrmFieldMapping, type CrmOAuthConfig, type CrmPulledContact, type CrmTokens } from "../types";
import { pipedriveProvider } from "./pipedrive-provider";

let fake: PipedriveFake;
let config: CrmOAuthConfig;
let tokens: CrmTokens;
let client: CrmClient;
let mapping: CrmFieldMapping[];
const clock = new ManualClock("2026-11-02T09:00:00Z");

beforeAll(async () => {
  setClock(clock);
  fake = await startPipedriveFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, authorizeUrl: `${fake.url}/oauth/authorize`, tokenUrl: `${fake.url}/oauth/token`, apiBaseUrl: fake.url };
  const redirectUri = "https://herald.example.test/api/oauth/crm/callback";
  ({ tokens } = await pipedriveProvider.oauth(config).exchangeCode({ code: fake.issueCode(redirectUri), redirectUri }));
  client = pipedriveProvider.client(tokens, config);
  mapping = [...pipedriveProvider.defaultFieldMapping, { herald: "linkedinUrl", crm: fake.linkedinFieldKey }];
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

const ACTIVITY: CrmActivity = {
  kind: "replied",
  occurredAt: new Date("2026-11-02T08:30:00Z"),
  subject: "Herald: Grace Hopper replied (campaign Q4 founders)",
  body: "Sounds good <3\nTuesday?",
  interest: "interested",
};

describe("the Pipedrive client", () => {
  it("reads the company, the person fields, the pipelines with their stages and the people filters", async () => {
    fake.filters.push({ id: 51, name: "Customers EMEA", memberIds: [] });
    expect(await client.account()).toEqual({ id: "7301", name: "Analytical Engines Ltd" });

    const fields = await client.listFields();
    expect(fields).toContainEqual({ name: fake.linkedinFieldKey, label: "LinkedIn", type: "string", readOnly: false });
    expect(fields).toContainEqual({ name: "job_title", label: "Job title", type: "string", readOnly: false });
    expect(fields.find((field) => field.name === "update_time")?.readOnly).toBe(true);
    expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(["org_name", "email", "first_name", "last_name"]));

    expect(await client.listPipelines()).toEqual([
      { id: "1", name: "Sales", stages: [{ id: "1", name: "Qualified" }, { id: "2", name: "Contact made" }, { id: "3", name: "Proposal made" }] },
      { id: "2", name: "Partnerships", stages: [{ id: "4", name: "Intro" }, { id: "5", name: "Agreement" }] },
    ]);
    expect(await client.listLists()).toEqual([{ id: "51", name: "Customers EMEA", size: null }]);
  });

  it("creates a person once: found again by e-mail, then by the LinkedIn field, never duplicated", async () => {
    const linkedin = "https://www.linkedin.com/in/grace-hopper";
    const properties = { emails: "grace@navy.test", first_name: "Grace", last_name: "Hopper", org_name: "US Navy", job_title: "Rear Admiral", [fake.linkedinFieldKey]: linkedin };
    expect(await client.findContact({ email: "grace@navy.test", linkedinUrl: linkedin, linkedinField: fake.linkedinFieldKey })).toBeNull();

    const created = await client.createContact(properties);
    expect(created.url).toBe(`${fake.url}/person/${created.id}`);
    const person = fake.persons.get(Number(created.id));
    expect(person).toMatchObject({ name: "Grace Hopper", job_title: "Rear Admiral", emails: [{ value: "grace@navy.test", primary: true, label: "work" }], custom_fields: { [fake.linkedinFieldKey]: linkedin } });
    expect(fake.organizations.get(person?.org_id ?? 0)?.name).toBe("US Navy");

    expect(await client.findContact({ email: "GRACE@navy.test", linkedinUrl: null, linkedinField: null })).toEqual(created);
    expect(await client.findContact({ email: "other@navy.test", linkedinUrl: `${linkedin}/`, linkedinField: fake.linkedinFieldKey })).toEqual(created);
    expect(await client.findContact({ email: null, linkedinUrl: linkedin, linkedinField: null })).toBeNull();

    const colleague = await client.createContact({ emails: "cobol@navy.test", first_name: "Jean", last_name: "Sammet", org_name: "US Navy" });
    expect(fake.persons.get(Number(colleague.id))?.org_id).toBe(person?.org_id);
    expect(fake.organizations.size).toBe(1);
  });

  it("does not take a person whose other custom field holds the URL for the lead", async () => {
    fake.customFields.set("aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00", "Website");
    fake.addPerson({ name: "Somebody Else", customFields: { aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00: "https://www.linkedin.com/in/katherine-johnson" } });
    expect(await client.findContact({ email: null, linkedinUrl: "https://www.linkedin.com/in/katherine-johnson", linkedinField: fake.linkedinFieldKey })).toBeNull();
  });

  it("updates a person: one name part keeps the other, a new address keeps the old one", async () => {
    const { id } = await client.createContact({ emails: "ada@old.test", first_name: "Ada", last_name: "Byron" });
    await client.updateContact(id, { last_name: "Lovelace", emails: "ada@new.test", job_title: "Analyst" });
    expect(fake.persons.get(Number(id))).toMatchObject({
      name: "Ada Lovelace",
      job_title: "Analyst",
      emails: [
        { value: "ada@new.test", primary: true },
        { value: "ada@old.test", primary: false },
      ],
    });
  });

  it("leaves the job title out where the company has no such field", async () => {
    fake.contactSyncFields = false;
    const fresh = pipedriveProvider.client(tokens, config);
    const { id } = await fresh.createContact({ emails: "nojob@title.test", first_name: "No", last_name: "Title", job_title: "Engineer" });
    expect(fake.persons.get(Number(id))).toMatchObject({ name: "No Title" });
    expect(fake.persons.get(Number(id))?.job_title).toBeUndefined();
    await fresh.updateContact(id, { job_title: "Lead engineer", last_name: "Titles" });
    expect(fake.persons.get(Number(id))?.name).toBe("No Titles");
    fake.contactSyncFields = true;
  });

  it("refuses an unknown field with Pipedrive's words and a missing person as not found", async () => {
    const { id } = await client.createContact({ emails: "x@y.test", first_name: "X" });
    const rejected = await refusal(client.updateContact(id, { ffffffffffffffffffffffffffffffffffffffff: "1" }));
    expect(rejected.kind).toBe("rejected");
    expect(rejected.message).toContain("Unknown custom field key");
    expect((await refusal(client.updateContact("999999", { job_title: "CEO" }))).kind).toBe("not-found");
    expect((await refusal(client.updateContact("not-a-number", { job_title: "CEO" }))).kind).toBe("not-found");
  });

  it("logs an activity as a note on the person", async () => {
    const { id } = await client.createContact({ emails: "note@person.test", first_name: "Note" });
    const note = await client.logActivity(id, ACTIVITY);
    expect(fake.notes.get(Number(note.id))).toMatchObject({
      person_id: Number(id),
      add_time: "2026-11-02 08:30:00",
      content: "<b>Herald: Grace Hopper replied (campaign Q4 founders)</b><br>Sounds good &lt;3<br>Tuesday?<br>Interest: interested",
    });
    expect((await refusal(client.logActivity("999999", ACTIVITY))).kind).toBe("not-found");
  });

  it("creates a deal for the person in the chosen pipeline stage, and refuses a stage of another pipeline", async () => {
    const { id } = await client.createContact({ emails: "deal@person.test", first_name: "Deal" });
    const deal = await client.createDeal(id, { name: "Deal — Herald reply", pipelineId: "2", stageId: "5" });
    expect(deal.url).toBe(`${fake.url}/deal/${deal.id}`);
    expect(fake.deals.get(Number(deal.id))).toMatchObject({ title: "Deal — Herald reply", person_id: Number(id), pipeline_id: 2, stage_id: 5, status: "open" });
    const rejected = await refusal(client.createDeal(id, { name: "Wrong", pipelineId: "2", stageId: "1" }));
    expect(rejected.kind).toBe("rejected");
    expect(rejected.message).toContain("Stage with id 1 does not exist in pipeline Partnerships");
  });
});

describe("pulling from Pipedrive", () => {
  it("pulls customers, colleagues' persons and filter members page by page, and only what changed since", async () => {
    clock.set("2026-11-03T09:00:00Z");
    fake.setTime(new Date("2026-11-03T09:00:00Z"));
    const customer = fake.addPerson({ name: "Won Customer", email: "won@customer.test" });
    fake.addDeal({ personId: customer.id, status: "won" });
    const lost = fake.addPerson({ name: "Lost Prospect", email: "lost@prospect.test" });
    fake.addDeal({ personId: lost.id, status: "lost" });
    const owned = Array.from({ length: 130 }, (_, index) => fake.addPerson({ name: `Owned ${index}`, email: `owned${index}@colleague.test`, ownerId: fake.colleagueId }));
    const member = fake.addPerson({ name: "Filter Member", email: "member@list.test", customFields: { [fake.linkedinFieldKey]: "https://www.linkedin.com/in/member" } });
    fake.filters.push({ id: 61, name: "Do not contact", memberIds: [member.id] });
    const rules = { customers: true, owned: true, listIds: ["61"] };

    const all = await everyPage((cursor) => client.pullExclusions({ rules, since: null, cursor, mapping }));
    expect(all.pages).toBeGreaterThanOrEqual(4);
    expect(all.items.filter((item) => item.reason === "customer").map((item) => item.email)).toEqual(["won@customer.test"]);
    expect(all.items.filter((item) => item.reason === "owned")).toHaveLength(owned.length);
    expect(all.items.find((item) => item.reason === "list")).toMatchObject({
      id: String(member.id),
      email: "member@list.test",
      linkedinUrl: "https://www.linkedin.com/in/member",
      values: { email: "member@list.test", firstName: "Filter", lastName: "Member", linkedinUrl: "https://www.linkedin.com/in/member" },
      updatedAt: new Date("2026-11-03T09:00:00Z"),
    });
    expect(all.items.some((item) => item.email === "lost@prospect.test")).toBe(false);
    expect(all.items.some((item) => item.email === "grace@navy.test")).toBe(false);

    fake.setTime(new Date("2026-11-04T09:00:00Z"));
    const later = fake.addPerson({ name: "New Colleague Contact", email: "new@colleague.test", ownerId: fake.colleagueId });
    const since = await everyPage((cursor) => client.pullExclusions({ rules, since: new Date("2026-11-04T00:00:00Z"), cursor, mapping }));
    expect(since.items.map((item) => item.id)).toEqual([String(later.id)]);
  });

  it("lists a filter's members page by page with their organization, and refuses an unknown filter", async () => {
    const members = Array.from({ length: 205 }, (_, index) => fake.addPerson({ name: `Member ${index}`, email: `m${index}@import.test` }));
    const organization = { id: 9001, name: "Difference Engines", owner_id: fake.user.id, add_time: "2026-11-01T00:00:00Z", update_time: "2026-11-01T00:00:00Z" };
    fake.organizations.set(organization.id, organization);
    for (const member of members.slice(0, 3)) member.org_id = organization.id;
    fake.filters.push({ id: 71, name: "Import me", memberIds: members.map((person) => person.id) });
    const read = await everyPage((cursor) => client.listMembers({ listId: "71", cursor, mapping }));
    expect(read.pages).toBe(3);
    expect(new Set(read.items.map((item) => item.email))).toEqual(new Set(members.map((person) => person.emails[0]?.value)));
    expect(read.items.every((item) => item.reason === null)).toBe(true);
    expect(read.items.filter((item) => item.values.company === "Difference Engines")).toHaveLength(3);
    expect((await refusal(client.listMembers({ listId: "999", cursor: null, mapping }))).kind).toBe("not-found");
  });
});

describe("Pipedrive's refusals", () => {
  it("answers rate limits with the wait Pipedrive asks, outages as unavailable, and an unreachable company as unavailable", async () => {
    fake.rateLimit(17);
    const limited = await refusal(client.listLists());
    expect(limited.kind).toBe("rate-limited");
    expect(limited.retryAfterSeconds).toBe(17);
    expect(limited.message).toContain("17 seconds");
    fake.rateLimit(null);

    fake.outage(503);
    const down = await refusal(client.listPipelines());
    expect(down.kind).toBe("unavailable");
    expect(down.message).toContain("HTTP 503");
    fake.outage(null);

    const closed = await startPipedriveFake();
    await closed.close();
    const unreachable = await refusal(pipedriveProvider.client(tokens, { ...config, apiBaseUrl: closed.url }).account());
    expect(unreachable.kind).toBe("unavailable");
  });
});
