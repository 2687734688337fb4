// The campaign forecast against the real executor for the "Find e-mail address" step (l): leads
// without an address, one found in the company database by its LinkedIn URL, one by its name at
// its company's domain, one found nowhere, and one that had an address all along. Both ask
// decideFindEmail with the same finder's answer, so each lead takes the same branch in the
// forecast and for real, and the e-mail after it goes to the address found. The credit ledger
// shows what the executor charged: one credit per address found, a refund for each lookup that
// found nothing, nothing for the lead that had an address.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const CLOSED = sandboxDirectory().filter((prospect) => !prospect.openProfile);
const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor for finding e-mail addresses, lead by lead", () => {
  it("l. find-address found and not found: each lead down the same branch, the address found e-mailed, the credits charged and refunded", async () => {
    const { clock, actor, workspace, senders } = await world("finder", "2026-06-07T10:00:00Z", ["rep0"]);
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 10 } });
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Finder", email: "finder@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const [byUrl, byName, nowhere, known] = CLOSED.slice(60, 64);
    // The company database: the first person by their profile (written as the data set writes it,
    // another case, a trailing slash), the second by name at their company's domain; a namesake of
    // the third at another company, who must not be taken for them.
    const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const acme = await db.company.create({ data: { externalId: `finder-acme-${run}`, name: "Acme Finder", domain: `acme-${run}.example` } });
    const other = await db.company.create({ data: { externalId: `finder-other-${run}`, name: "Other Finder", domain: `other-${run}.example` } });
    const url = sandboxProfileUrl(byUrl!.publicIdentifier);
    await db.person.createMany({
      data: [
        { externalId: `finder-1-${run}`, companyId: acme.id, firstName: "Someone", lastName: "Else", linkedinUrl: `${url.toUpperCase()}/`, email: `by-url-${run}@acme.example` },
        { externalId: `finder-2-${run}`, companyId: acme.id, firstName: "Grace", lastName: `Finder${run}`, email: `by-name-${run}@acme.example` },
        { externalId: `finder-3-${run}`, companyId: other.id, firstName: "Alan", lastName: `Finder${run}`, email: `namesake-${run}@other.example` },
      ],
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "find", type: "find_email" },
        { id: "mail", type: "email", parent: "find", branch: "yes", config: { subject: "Hello {{firstName|there}}", text: "A short note to {{email}}" } },
        { id: "look", type: "visit_profile", parent: "find", branch: "no" },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({ name: "Finder", linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE }),
    );
    const profile = (prospect: (typeof CLOSED)[number]) => sandboxProfileUrl(prospect.publicIdentifier);
    const leads = [
      { profileUrl: profile(byUrl!) },
      { profileUrl: profile(byName!), firstName: "grace", lastName: `FINDER${run}`, company: "Acme", customVariables: { companyDomain: `https://www.acme-${run}.example/` } },
      { profileUrl: profile(nowhere!), firstName: "Alan", lastName: `Finder${run}`, customVariables: { companyDomain: `acme-${run}.example` } },
      { profileUrl: profile(known!), email: `known-${run}@known.example` },
    ];
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 5);
    expect(forecast.assumptions.join(" ")).toContain("3 leads without an e-mail address are looked up");
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true, journal: { where: { stepId: "find" } } } });
    const byProfile = new Map(rows.map((row) => [row.lead.profileUrl, row]));
    const outcome = (prospect: (typeof CLOSED)[number]) => byProfile.get(profile(prospect))!.journal[0];
    expect(outcome(byUrl!)).toMatchObject({ status: "done", outcome: "yes", detail: `Found by-url-${run}@acme.example in the company database` });
    expect(outcome(byName!)).toMatchObject({ status: "done", outcome: "yes", detail: `Found by-name-${run}@acme.example in the company database` });
    expect(outcome(nowhere!)).toMatchObject({ status: "done", outcome: "no", detail: "No address found" });
    expect(outcome(known!)).toMatchObject({ status: "done", outcome: "yes", detail: "Already had an address" });
    // The addresses found are the leads' now, and the e-mails went to them.
    expect(byProfile.get(profile(byUrl!))!.lead.email).toBe(`by-url-${run}@acme.example`);
    expect(byProfile.get(profile(nowhere!))!.lead.email).toBeNull();
    const sentTo = await db.emailMessage.findMany({ where: { campaignId: campaign.id, direction: "outbound" }, select: { toAddress: true } });
    // (Distinct addresses: the sandbox model may bounce one softly, which sends it again.)
    expect([...new Set(sentTo.map((email) => email.toAddress))].sort()).toEqual([`by-name-${run}@acme.example`, `by-url-${run}@acme.example`, `known-${run}@known.example`]);

    // One credit per lookup, given back for the one that found nothing; the lead with an address cost nothing.
    const ledger = await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: workspace.id, reference: { startsWith: "find-email:" } }, orderBy: { createdAt: "asc" } });
    const entries = (prospect: (typeof CLOSED)[number]) =>
      ledger.filter((entry) => entry.reference!.startsWith(`find-email:${byProfile.get(profile(prospect))!.id}:`)).map((entry) => [entry.reason, entry.amount]);
    expect(entries(byUrl!)).toEqual([["email-lookup", -1]]);
    expect(entries(byName!)).toEqual([["email-lookup", -1]]);
    expect(entries(nowhere!)).toEqual([
      ["email-lookup", -1],
      ["refund", 1],
    ]);
    expect(entries(known!)).toEqual([]);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(8);

    await expectParity(forecast, before);
  }, 180_000);
});
