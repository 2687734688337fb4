// From the company database to leads: chosen people and every person of chosen companies become
// leads of a campaign or a list (source company-database), one credit per person added, nothing
// added when the balance is short, and another workspace's campaign is not found.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { displayCase } from "../../domain/company-database/display-case";
import { db } from "../../db/client";
import { publicIdentifierFrom } from "../../lib/linkedin-url";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import type { TAddDatabasePeopleInput } from "../../schemas/company-database";
import { ZCreateLeadListInput } from "../../schemas/lead";
import { createTestWorkspace } from "../../test/factories";
import { createCampaign } from "../campaigns/create-campaign";
import { createLeadList } from "../lead-lists/create-lead-list";
import { addDatabasePeople } from "./add-database-people";
import { generateCompany, type PersonRecord } from "./generator/generate-dataset";
import { generateCompanyData } from "./generate-company-data";
import { upsertPeople } from "./write-dataset-rows";

// The campaign service, able to fail once after the charge (to see the refund).
const failure = vi.hoisted(() => ({ next: false }));
vi.mock("../campaigns/add-campaign-leads", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../campaigns/add-campaign-leads")>();
  return {
    ...actual,
    addCampaignLeads: (...args: Parameters<typeof actual.addCampaignLeads>) => {
      if (!failure.next) return actual.addCampaignLeads(...args);
      failure.next = false;
      return Promise.reject(new Error("the database went away"));
    },
  };
});

const options = { seed: "add-people", companies: 100, people: 240 };
/** Stored people by company id, in id order. */
const byCompany = new Map<number, Array<{ id: number; record: PersonRecord; companyName: string }>>();
let companyIds: number[] = [];
let bigCompanyId = 0;

beforeAll(async () => {
  await generateCompanyData({ ...options, refreshValues: false });
  const companies = await db.company.findMany({ select: { id: true, externalId: true, name: true }, orderBy: { id: "asc" } });
  const stored = new Map((await db.person.findMany({ select: { id: true, externalId: true } })).map((row) => [row.externalId, row.id]));
  for (let n = 0; n < options.companies; n++) {
    const { company, people } = generateCompany(options, n);
    const id = companies.find((row) => row.externalId === company.externalId)!.id;
    byCompany.set(
      id,
      people.map((record) => ({ id: stored.get(record.externalId)!, record, companyName: company.name })).sort((a, b) => a.id - b.id),
    );
  }
  // The last company gets more people than one request may add; the others are the tests' choices.
  const big = generateCompany(options, options.companies - 1);
  bigCompanyId = companies.find((row) => row.externalId === big.company.externalId)!.id;
  companyIds = [...byCompany.keys()].filter((id) => id !== bigCompanyId && byCompany.get(id)!.length >= 2).sort((a, b) => a - b);
  const template = big.people[0]!;
  await upsertPeople(Array.from({ length: 1001 }, (_, i) => ({ ...template, externalId: `big-${i}`, linkedinUrl: null, email: null })));
});

async function workspaceWith(balance: number) {
  const { actor } = await createTestWorkspace();
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: balance } });
  return actor;
}
const balanceOf = async (workspaceId: string) => (await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).aiCreditBalance;

describe("adding company-database people as leads", () => {
  it("adds the people of a company and chosen people to a campaign, with their names, URL, e-mail, company and title, one credit each", async () => {
    const actor = await workspaceWith(100);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "From the database" }));
    const [first, second] = companyIds;
    // Someone of the first company whom nobody can reach: left out and not charged.
    await db.person.create({ data: { externalId: "unreachable", companyId: first!, firstName: "No", lastName: "Contact" } });
    const chosen = byCompany.get(second!)![0]!;
    const expected = [...byCompany.get(first!)!, chosen];

    const result = await addDatabasePeople(actor, { companyIds: [first!], personIds: [chosen.id], target: { campaignId: campaign.id } });
    expect(result).toEqual({ people: expected.length, unreachable: 1, added: expected.length, skipped: 0, charged: expected.length, balance: 100 - expected.length });
    expect(await balanceOf(actor.workspaceId)).toBe(100 - expected.length);
    expect(await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: actor.workspaceId } })).toEqual([
      expect.objectContaining({ amount: -expected.length, reason: "people-search" }),
    ]);

    const leads = await db.lead.findMany({ where: { workspaceId: actor.workspaceId } });
    expect(leads).toHaveLength(expected.length);
    for (const { record, companyName } of expected) {
      const lead = leads.find((candidate) => candidate.publicIdentifier === publicIdentifierFrom(record.linkedinUrl!));
      expect(lead, record.externalId).toMatchObject({
        firstName: record.firstName,
        lastName: record.lastName,
        email: record.email,
        company: companyName,
        source: "company-database",
        customVariables: expect.objectContaining({ title: record.title && displayCase(record.title), country: record.country && displayCase(record.country), seniority: record.seniority }),
      });
    }
    expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(expected.length);

    // Again, with one more person: those the campaign has are skipped and cost nothing.
    const another = byCompany.get(companyIds[2]!)![0]!;
    const again = await addDatabasePeople(actor, { companyIds: [first!], personIds: [chosen.id, another.id], target: { campaignId: campaign.id } });
    expect(again).toEqual({ people: expected.length + 1, unreachable: 1, added: 1, skipped: expected.length, charged: 1, balance: 100 - expected.length - 1 });
    expect(await balanceOf(actor.workspaceId)).toBe(100 - expected.length - 1);
    expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(expected.length + 1);
  });

  it("adds the people of companies that match the people filters to a list", async () => {
    const actor = await workspaceWith(1000);
    const list = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Seniors" }));
    const chosen = companyIds.slice(0, 40);
    const wanted = chosen.flatMap((id) => byCompany.get(id)!).filter(({ record }) => record.seniority === "senior" || record.seniority === "entry");
    expect(wanted.length).toBeGreaterThan(5);

    const result = await addDatabasePeople(actor, { companyIds: chosen, personFilters: { seniorities: ["senior", "entry"] }, target: { listId: list.id } });
    expect(result).toMatchObject({ people: wanted.length, added: wanted.length, skipped: 0, charged: wanted.length, balance: 1000 - wanted.length });
    const entries = await db.leadListEntry.findMany({ where: { listId: list.id }, include: { lead: true } });
    expect(entries.map((entry) => entry.lead.email).sort()).toEqual(wanted.map(({ record }) => record.email).sort());
    expect(entries.every((entry) => entry.lead.source === "company-database")).toBe(true);
  });

  it("adds nothing and debits nothing when the balance cannot cover everyone (402)", async () => {
    const actor = await workspaceWith(2);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Short of credits" }));
    const people = byCompany.get(companyIds[3]!)!.length + byCompany.get(companyIds[4]!)!.length;
    expect(people).toBeGreaterThan(2);
    await expect(addDatabasePeople(actor, { companyIds: companyIds.slice(3, 5), target: { campaignId: campaign.id } })).rejects.toMatchObject({
      code: "insufficient-credits",
      status: 402,
      details: { balance: 2, cost: people },
    });
    expect(await db.lead.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
    expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await balanceOf(actor.workspaceId)).toBe(2);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("does not find another workspace's campaign or list, and charges nothing", async () => {
    const owner = await workspaceWith(0);
    const campaign = await createCampaign(owner, ZCreateCampaignInput.parse({ name: "Theirs" }));
    const list = await createLeadList(owner, ZCreateLeadListInput.parse({ name: "Theirs" }));
    const stranger = await workspaceWith(50);
    for (const target of [{ campaignId: campaign.id }, { listId: list.id }]) {
      await expect(addDatabasePeople(stranger, { companyIds: [companyIds[5]!], target })).rejects.toMatchObject({ code: "not-found", status: 404 });
    }
    expect(await balanceOf(stranger.workspaceId)).toBe(50);
    expect(await db.lead.count({ where: { workspaceId: stranger.workspaceId } })).toBe(0);
  });

  it("refuses ids PostgreSQL cannot hold with 400 naming them, and charges nothing", async () => {
    const actor = await workspaceWith(50);
    const list = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Ids" }));
    const refused: Array<[TAddDatabasePeopleInput, string]> = [
      [{ personIds: [2 ** 31], target: { listId: list.id } }, "personIds.0"],
      [{ companyIds: [2 ** 40], target: { listId: list.id } }, "companyIds.0"],
      [{ companyIds: [companyIds[5]!], target: { listId: "lst\u0000" } }, "target.listId"],
    ];
    for (const [input, field] of refused) {
      await expect(addDatabasePeople(actor, input)).rejects.toMatchObject({ code: "invalid-input", details: { fields: [expect.objectContaining({ field })] } });
    }
    expect(await balanceOf(actor.workspaceId)).toBe(50);
  });

  it("gives the credits back when adding fails after the charge", async () => {
    const actor = await workspaceWith(40);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Failing" }));
    const people = byCompany.get(companyIds[6]!)!.length;
    failure.next = true;
    await expect(addDatabasePeople(actor, { companyIds: [companyIds[6]!], target: { campaignId: campaign.id } })).rejects.toThrow("the database went away");
    expect(await balanceOf(actor.workspaceId)).toBe(40);
    const ledger = await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { amount: "asc" } });
    expect(ledger.map((entry) => [entry.amount, entry.reason])).toEqual([
      [-people, "people-search"],
      [people, "refund"],
    ]);
  });

  it("refuses more than 1000 people at once, naming companyIds and how many people they hold", async () => {
    const actor = await workspaceWith(5000);
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Too many" }));
    const people = 1001 + byCompany.get(bigCompanyId)!.length;
    await expect(addDatabasePeople(actor, { companyIds: [bigCompanyId], target: { campaignId: campaign.id } })).rejects.toMatchObject({
      code: "invalid-input",
      details: { fields: [{ field: "companyIds", message: expect.stringContaining(`${people.toLocaleString("en-US")} people`) }] },
    });
    expect(await balanceOf(actor.workspaceId)).toBe(5000);
  });
});
