// The campaign driver (and the forecast, which skips time the same way) is only right if the
// minutes it skips are minutes in which a pass would do nothing. Checked here the slow way: a pass
// every minute, flagging any minute that changed something although skipping would not have run it.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "./campaign-driver";
import { createTestWorkspace } from "./factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../schemas/campaign";
import { ZConnectSenderInput } from "../schemas/sender";
import { ZLeadsInput } from "../schemas/lead";

afterEach(() => setClock(systemClock));

it("skips only minutes in which a pass would change nothing", async () => {
  const clock = new ManualClock("2026-03-02T06:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: "skipping@example.com", password: "x" }), { via: "api" });
  const id = account.account.id;
  // Tight caps, so that days end capped and leads wait for the next day.
  await db.linkedinAccount.update({ where: { id }, data: { limits: { daily: { invitations: 6, messages: 4, profileViews: 5 } } } });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({
    linkedinAccountIds: [id],
    sequence: {
      steps: [
        // A delay that falls due inside the schedule for a sender with room under its caps: a
        // moment the driver must find on its own (no action, answer or window lands on it).
        { id: "look", type: "visit_profile", nextDelayHours: 2 },
        { id: "invite", type: "invite", parent: "look", config: { withdrawEnabled: true, withdrawDays: 1 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks {{firstName}}" }, branchDelays: { yes: 1 }, nextDelayHours: 6 },
        { id: "check", type: "if_open_profile", parent: "invite", branch: "no" },
        { id: "visit", type: "visit_profile", parent: "check", branch: "yes" },
      ],
    },
    schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "17:00" }, activeDays: [1, 2, 3, 4, 5] },
  }));
  const prospects = sandboxDirectory().slice(0, 14);
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));

  const missed: Date[] = [];
  const report = await driveCampaigns(clock, new Date("2026-03-04T18:00:00Z"), { checkSkipping: (at) => missed.push(at) });
  expect(report.acted).toBeGreaterThan(12);
  expect(missed).toEqual([]);
}, 300_000);
