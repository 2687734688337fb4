// The executor's find_email step beyond the parity scenario: a workspace out of credits holds the
// lead (paused, the reason in words) instead of skipping it, and resuming after adding credits
// finds the address; a finder that fails refunds the credit and tries again later; an address the
// workspace unsubscribed stays unsubscribed on the lead that gets it. An e-mail-only campaign with
// the step runs without a sender.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { FIND_EMAIL_NO_CREDITS } from "@/server/domain/sequence/decide-find-email";
import { UNREACHABLE_RETRY_MS } from "@/server/domain/sequence/turn-policy";
import { setEmailFinder } from "@/server/providers/email-finder";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { resumeCampaignLead } from "../resume-campaign-lead";
import { updateCampaign } from "../update-campaign";
import { resolveDueWaits } from "./resolve-due-waits";

afterEach(() => {
  setEmailFinder(undefined);
  setClock(systemClock);
});

it("holds a lead while the workspace is out of credits, refunds a failed lookup, and keeps an unsubscribed address unsubscribed", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  const { actor, workspace } = await createTestWorkspace();
  const box = await db.mailbox.create({
    data: { workspaceId: workspace.id, label: "Finder", email: "finder@held.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "UTC", dailyLimit: 20, createdAt: now(), updatedAt: now() },
  });
  const company = await db.company.create({ data: { externalId: "held-acme", name: "Held Acme", domain: "held-acme.example" } });
  await db.person.create({ data: { externalId: "held-1", companyId: company.id, firstName: "Ada", lastName: "Held", linkedinUrl: "https://linkedin.com/in/ada-held", email: "ada@held-acme.example" } });
  // The address was unsubscribed from the workspace's e-mails under another lead.
  await db.lead.create({ data: { workspaceId: workspace.id, email: "ADA@held-acme.example", emailOptOut: true, emailOptOutAt: now(), source: "api", createdAt: now(), updatedAt: now() } });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Held",
      emailAccountIds: [box.id],
      sequence: { steps: [{ id: "find", type: "find_email" }, { id: "mail", type: "email", parent: "find", branch: "yes", config: { subject: "Hi", text: "Hello" } }] },
      schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/ada-held" }] }));
  // E-mail only: no sender needed for finding an address.
  await updateCampaign(actor, campaign.id, { status: "active" });
  const lead = async () => db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id }, include: { lead: true, journal: true } });
  const ledger = async () => (await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: workspace.id }, orderBy: { createdAt: "asc" } })).map((entry) => [entry.reason, entry.amount]);

  // No credits: held, with the reason, nothing charged, nothing journaled.
  await resolveDueWaits();
  expect(await lead()).toMatchObject({ status: "paused", error: FIND_EMAIL_NO_CREDITS, journal: [], lead: { email: null } });
  expect(await ledger()).toEqual([]);

  // Credits added, the lead resumed, but the finder fails: the credit comes back and the lead waits.
  await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 1 } });
  await resumeCampaignLead(actor, campaign.id, (await lead()).leadId);
  setEmailFinder({ name: "broken", find: async () => Promise.reject(new Error("finder down")) });
  await resolveDueWaits();
  expect(await lead()).toMatchObject({ status: "pending", journal: [], waitUntil: new Date(now().getTime() + UNREACHABLE_RETRY_MS) });
  expect(await ledger()).toEqual([
    ["email-lookup", -1],
    ["refund", 1],
  ]);

  // Later, with the finder back: found, set on the lead, still unsubscribed; the credit spent.
  setEmailFinder(undefined);
  clock.set(new Date(now().getTime() + UNREACHABLE_RETRY_MS));
  await resolveDueWaits();
  const found = await lead();
  expect(found).toMatchObject({ currentStepId: "mail", lead: { email: "ada@held-acme.example", emailOptOut: true } });
  expect(found.journal).toMatchObject([{ stepId: "find", status: "done", outcome: "yes", detail: "Found ada@held-acme.example in the company database" }]);
  expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).aiCreditBalance).toBe(0);
});
