// The forecast takes what prospects will do from the LinkedIn provider when the provider can tell
// (the sandbox network's deterministic behaviour model), and from acceptance and reply rates when
// it cannot (real LinkedIn): it never reads the sandbox's tables itself.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { publicUrl } from "@/server/env";
import { getLinkedinProvider, setLinkedinProvider } from "@/server/providers/linkedin";
import { getMailProvider } from "@/server/providers/mail";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { createSandboxProvider } from "@/server/providers/linkedin/sandbox/sandbox-provider";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { createTestWorkspace } from "@/server/test/factories";
import { connectSender } from "../senders/connect-sender";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { forecastCampaign } from "./forecast-campaign";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";

afterEach(() => setLinkedinProvider(undefined));

async function campaignWithLeads(label: string) {
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}@example.com`, password: "x" }), { via: "api" });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: label,
      linkedinAccountIds: [sender.account.id],
      sequence: { steps: [{ id: "i", type: "invite" }, { id: "m", type: "message", parent: "i", branch: "yes", config: { text: "Hello" } }] },
    }),
  );
  const prospects = sandboxDirectory().slice(60, 64);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  return { actor, campaignId: campaign.id };
}

it("asks the sandbox provider what its prospects will do", async () => {
  const provider = await getLinkedinProvider();
  let asked = 0;
  setLinkedinProvider({
    ...provider,
    forecastOutcomeModel: (input) => {
      asked++;
      return provider.forecastOutcomeModel!(input);
    },
  });
  const { actor, campaignId } = await campaignWithLeads("forecast-sandbox");
  const forecast = await forecastCampaign(actor, campaignId, { days: 10 });
  expect(asked).toBe(1);
  expect(forecast.model).toBe("sandbox");
  expect(forecast.assumptions.join(" ")).toContain("behaviour model");
  expect(forecast.totals.invitations).toBe(4);
});

it("draws from acceptance and reply rates when the provider cannot tell", async () => {
  const { forecastOutcomeModel: _unknownToRealNetworks, ...provider } = createSandboxProvider({ publicUrl });
  setLinkedinProvider(provider);
  const { actor, campaignId } = await campaignWithLeads("forecast-rates");
  const forecast = await forecastCampaign(actor, campaignId, { days: 10 });
  expect(forecast.model).toBe("rates");
  expect(forecast.assumptions.join(" ")).toMatch(/% of invitations accepted .*defaults/);
  expect(forecast.totals.invitations).toBe(4);
});

it("forecasts an e-mail-only campaign on its mailboxes: their daily limits, the leads' mailboxes, and what it does not forecast", async () => {
  const { actor, workspace } = await createTestWorkspace();
  const at = new Date();
  const mailbox = async (email: string) =>
    (await db.mailbox.create({ data: { workspaceId: workspace.id, label: "", email, provider: "sandbox", authType: "sandbox", connectedVia: "api", dailyLimit: 1, createdAt: at, updatedAt: at } })).id;
  const mailboxes = [await mailbox("ada@forecast.test"), await mailbox("ben@forecast.test")];
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Mail only",
      emailAccountIds: mailboxes,
      sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] },
      schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [1, 2, 3].map((index) => ({ email: `person-${index}@example.com` })) }));
  // A lead from before the campaign had mailboxes gets one as enrolment would give it.
  await db.campaignLead.updateMany({ where: { campaignId: campaign.id, lead: { email: "person-3@example.com" } }, data: { emailAccountId: null } });

  const forecast = await forecastCampaign(actor, campaign.id, { days: 5 });
  expect(forecast.totals).toMatchObject({ leads: 3, reached: 3, emails: 3, invitations: 0, profileViews: 0 });
  expect(forecast.leads.map((lead) => lead.emailAccountId)).toEqual([mailboxes[0], mailboxes[1], mailboxes[0]]);
  // Leads known only by their address are named by it, not left unnamed.
  expect(forecast.leads.map((lead) => lead.name)).toEqual(["person-1@example.com", "person-2@example.com", "person-3@example.com"]);
  // One e-mail a day per mailbox: the third waits for the first mailbox's next day.
  const perDay = forecast.days.map((day) => day.mailboxes.reduce((sum, entry) => sum + entry.emails, 0)).filter(Boolean);
  expect(perDay).toEqual([2, 1]);
  expect(forecast.days.flatMap((day) => day.senders)).toEqual([]);
  const assumptions = forecast.assumptions.join(" ");
  expect(assumptions).toContain("Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model.");
  expect(assumptions).not.toContain("no senders");
});

it("forecasts tracked opens of sandbox mailboxes from the sandbox mail network's own model", async () => {
  const { actor, workspace } = await createTestWorkspace();
  const at = new Date();
  const box = await db.mailbox.create({ data: { workspaceId: workspace.id, label: "", email: "opens@forecast.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Tracked",
      emailAccountIds: [box.id],
      tracking: { opens: "on" },
      sequence: { steps: [{ type: "email", config: { subject: "Hello", text: "Hi" } }] },
      schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
    }),
  );
  const addresses = Array.from({ length: 12 }, (_, index) => `reader-${index}@example.com`);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: addresses.map((email) => ({ email })) }));

  const forecast = await forecastCampaign(actor, campaign.id, { days: 3 });
  expect(forecast.assumptions).toContain("Replies, bounces, spam complaints and tracked opens and clicks follow the sandbox mail network's behaviour model.");
  const provider = await getMailProvider("sandbox");
  const horizon = Date.parse(forecast.horizonEnd);
  const expected = forecast.leads.filter((lead) => {
    const sentAt = Date.parse(lead.steps[0]!.at);
    const toAddress = addresses[forecast.leads.indexOf(lead)]!;
    const openAt = provider.planOutcome!({ fromAddress: box.email, toAddress, nth: 0, sentAt, hasLinks: false }).openAt;
    return openAt !== null && openAt <= horizon;
  }).length;
  expect(forecast.totals).toMatchObject({ emails: 12, emailsOpened: expected, emailsClicked: 0 });
  // Some open and some do not: the count is the model's, not all or nothing.
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(12);
});
