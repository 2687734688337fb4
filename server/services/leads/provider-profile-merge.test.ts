// The merge rule in the product's own paths: the executor reading a profile, a direct action, and
// leads added again after the provider filled them.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { runExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { readProviderProfile } from "./merge-provider-profile";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

afterEach(() => setClock(systemClock));

it("keeps the company and first name the user gave after the executor reads the lead's profile", async () => {
  const clock = new ManualClock("2026-03-02T09:30:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `merge-${Date.now()}@example.com`, password: "x" }), { via: "api" });
  const senderId = account.account.id;
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    name: "Visits",
    linkedinAccountIds: [senderId],
    sequence: { steps: [{ id: "visit", type: "visit_profile" }] },
    schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
  }));
  const prospect = sandboxDirectory()[3]!;
  expect(prospect.company).not.toBe("Acme");
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), firstName: "Janet", company: "Acme" }] }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));

  for (let pass = 0; pass < 5; pass++) {
    await runExecutorPass();
    clock.advance(60_000);
  }
  const visits = await db.senderAction.count({ where: { accountId: senderId, type: "profile_view" } });
  expect(visits).toBe(1);

  const lead = await db.lead.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, publicIdentifier: prospect.publicIdentifier } });
  expect(lead.company).toBe("Acme");
  expect(lead.firstName).toBe("Janet");
  // What the user left empty is filled from the profile, and the profile's own word is kept aside.
  expect(lead.lastName).toBe(prospect.lastName);
  expect(lead.headline).toBe(prospect.headline);
  const record = readProviderProfile(lead.providerProfile);
  expect(record?.values.company).toBe(prospect.company);
  expect(record?.values.firstName).toBe(prospect.firstName);
  expect(record?.filled).not.toContain("company");

  // Adding the lead again with a last name replaces the one the provider filled, not the user's company.
  const other = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Again", linkedinAccountIds: [senderId], sequence: { steps: [{ id: "visit", type: "visit_profile" }] } }));
  await addCampaignLeads(actor, other.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), lastName: "Smith", company: "Other Co" }] }));
  const again = await db.lead.findUniqueOrThrow({ where: { id: lead.id } });
  expect(again.lastName).toBe("Smith");
  expect(again.company).toBe("Acme");
});
