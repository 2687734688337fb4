// The HubSpot provider through the official client against the HubSpot stand-in (real HTTP on
// loopback): matching without duplicates, notes and deals on the contact, the mapping editor's
// fields, pipelines and lists.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHubspotFake, type HubspotFake } from "../../../test/fakes/hubspot-fake";
import type { CrmClient, CrmOAuthConfig } from "../types";
import { hubspotEndpoints, hubspotProvider } from "./hubspot-provider";

let fake: HubspotFake;
let config: CrmOAuthConfig;
let client: CrmClient;

beforeAll(async () => {
  fake = await startHubspotFake();
  config = { clientId: fake.clientId, clientSecret: fake.clientSecret, ...hubspotEndpoints(fake.url) };
});
afterAll(() => fake.close());
beforeEach(() => {
  const { accessToken, refreshToken } = fake.issueTokens();
  client = hubspotProvider.client({ accessToken, refreshToken, expiresAt: null, instanceUrl: null }, config);
});

describe("matching and writing contacts", () => {
  it("finds a contact by e-mail whatever its case, else by the LinkedIn URL in any usual spelling, and never creates", async () => {
    const byEmail = fake.addContact({ email: "grace@navy.test", firstname: "Grace" });
    const byLinkedin = fake.addContact({ firstname: "Alan", hs_linkedin_url: "https://www.linkedin.com/in/alan-turing/" });
    const before = fake.contacts().length;

    const found = await client.findContact({ email: "Grace@Navy.test", linkedinUrl: null, linkedinField: null });
    expect(found).toEqual({ id: byEmail, url: `https://app.hubspot.com/contacts/${fake.hubId}/record/0-1/${byEmail}` });

    const viaLinkedin = await client.findContact({ email: "alan@unknown.test", linkedinUrl: "linkedin.com/in/alan-turing", linkedinField: "hs_linkedin_url" });
    expect(viaLinkedin?.id).toBe(byLinkedin);

    expect(await client.findContact({ email: "nobody@nowhere.test", linkedinUrl: "https://www.linkedin.com/in/nobody", linkedinField: "hs_linkedin_url" })).toBeNull();
    // No LinkedIn field mapped: not matched by LinkedIn at all.
    expect(await client.findContact({ email: null, linkedinUrl: "https://www.linkedin.com/in/alan-turing", linkedinField: null })).toBeNull();
    expect(fake.contacts()).toHaveLength(before);
  });

  it("creates a contact once: a second create with the same e-mail answers the first one", async () => {
    const first = await client.createContact({ email: "ada@engines.test", firstname: "Ada", lastname: "Lovelace", company: "Analytical Engines" });
    expect(fake.contact(first.id)?.properties).toMatchObject({ email: "ada@engines.test", firstname: "Ada", company: "Analytical Engines" });

    const again = await client.createContact({ email: "ADA@engines.test", firstname: "Ada" });
    expect(again.id).toBe(first.id);
    expect(fake.contacts().filter((contact) => contact.properties.email === "ada@engines.test")).toHaveLength(1);
  });

  it("updates a contact's properties and refuses an unknown property in plain words", async () => {
    const { id } = await client.createContact({ email: "update@me.test" });
    await client.updateContact(id, { jobtitle: "Chief Engineer" });
    expect(fake.contact(id)?.properties.jobtitle).toBe("Chief Engineer");

    const refusal = await client.updateContact(id, { favourite_colour: "green" }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ name: "CrmError", kind: "rejected" });
    expect((refusal as Error).message).toBe('HubSpot refused to update the contact: Property "favourite_colour" does not exist.');

    const missing = await client.updateContact("999999", { jobtitle: "x" }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ kind: "not-found" });
  });

  it("logs an activity as a note on the contact, at its time, with the reply's interest", async () => {
    const { id } = await client.createContact({ email: "note@me.test" });
    const occurredAt = new Date("2026-11-02T10:30:00.000Z");
    const note = await client.logActivity(id, {
      kind: "replied",
      occurredAt,
      subject: "Herald: reply from note@me.test (campaign Q4 <founders>)",
      body: "Sounds good,\nlet's talk Tuesday.",
      interest: "interested",
    });
    const notes = fake.notesFor(id);
    expect(notes.map((item) => item.id)).toEqual([note.id]);
    expect(notes[0]?.properties.hs_timestamp).toBe(occurredAt.toISOString());
    expect(notes[0]?.properties.hs_note_body).toBe(
      "<p><strong>Herald: reply from note@me.test (campaign Q4 &lt;founders&gt;)</strong></p><p>Sounds good,<br>let's talk Tuesday.</p><p>Interest: interested</p>",
    );
    expect(note.url).toBe(`https://app.hubspot.com/contacts/${fake.hubId}/record/0-1/${id}`);
  });

  it("creates a deal in the chosen pipeline stage, associated to the contact; an unknown stage is refused", async () => {
    const { id } = await client.createContact({ email: "deal@me.test" });
    const deal = await client.createDeal(id, { name: "deal@me.test — positive reply", pipelineId: "2345678", stageId: "2345679" });
    expect(fake.dealsFor(id)).toHaveLength(1);
    expect(fake.dealsFor(id)[0]).toMatchObject({ id: deal.id, properties: { dealname: "deal@me.test — positive reply", pipeline: "2345678", dealstage: "2345679" } });
    expect(deal.url).toBe(`https://app.hubspot.com/contacts/${fake.hubId}/record/0-3/${deal.id}`);

    const refusal = await client.createDeal(id, { name: "x", pipelineId: "default", stageId: "nope" }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: "rejected", message: "HubSpot refused to create the deal: nope was not one of the allowed options." });
  });
});

describe("what the settings page reads", () => {
  it("reads the account: the portal's id and domain", async () => {
    expect(await client.account()).toEqual({ id: String(fake.hubId), name: fake.hubDomain });
  });

  it("lists the contact properties for the mapping editor, with custom ones and without hidden ones", async () => {
    fake.addProperty("linkedin_profile", "LinkedIn profile (custom)");
    const fields = await client.listFields();
    expect(fields).toContainEqual({ name: "email", label: "Email", type: "string", readOnly: false });
    expect(fields).toContainEqual({ name: "createdate", label: "Create Date", type: "date", readOnly: true });
    expect(fields).toContainEqual({ name: "lifecyclestage", label: "Lifecycle Stage", type: "enumeration", readOnly: false });
    expect(fields).toContainEqual({ name: "linkedin_profile", label: "LinkedIn profile (custom)", type: "string", readOnly: false });
    expect(fields.some((field) => field.name === "hs_all_contact_vids")).toBe(false);
    // The custom property is now accepted on write.
    const { id } = await client.createContact({ email: "custom@me.test", linkedin_profile: "https://www.linkedin.com/in/custom" });
    expect(await client.findContact({ email: null, linkedinUrl: "https://www.linkedin.com/in/custom", linkedinField: "linkedin_profile" })).toMatchObject({ id });
  });

  it("lists the deal pipelines with their stages in order", async () => {
    const pipelines = await client.listPipelines();
    expect(pipelines.map((pipeline) => pipeline.name)).toEqual(["Sales Pipeline", "Partnerships"]);
    expect(pipelines[0]?.stages[0]).toEqual({ id: "appointmentscheduled", name: "Appointment Scheduled" });
    expect(pipelines[1]?.stages).toEqual([
      { id: "2345679", name: "Introduced" },
      { id: "2345680", name: "Signed" },
    ]);
  });

  it("lists the contact lists with their sizes", async () => {
    const a = fake.addContact({ email: "list-a@me.test" });
    const b = fake.addContact({ email: "list-b@me.test" });
    const vip = fake.addList("VIP customers", [a, b]);
    const empty = fake.addList("Another list");
    const lists = await client.listLists();
    expect(lists).toContainEqual({ id: vip, name: "VIP customers", size: 2 });
    expect(lists).toContainEqual({ id: empty, name: "Another list", size: 0 });
  });
});

describe("a long message", () => {
  it("is cut to fit HubSpot's note body limit", async () => {
    const { id } = await client.createContact({ email: "long@me.test" });
    await client.logActivity(id, { kind: "emailed", occurredAt: new Date("2026-11-03T08:00:00.000Z"), subject: "Herald: e-mail sent", body: "a&".repeat(40_000), interest: null });
    const body = fake.notesFor(id)[0]?.properties.hs_note_body ?? "";
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.endsWith("…</p>")).toBe(true);
  });
});
