// The events' data schemas (schemas/event-data.ts), which the REST hooks' samples are checked
// against, describe what Herald really emits: a campaign run on the sandbox network emits account,
// connection, message, status and campaign events, and each one's data fits its schema; and each
// sample carries every field a real event of its kind carries.
import { afterEach, describe, expect, it } from "vitest";
import { setClock, systemClock, ManualClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { EVENT_DATA_SCHEMAS } from "@/server/schemas/event-data";
import { SUBSCRIBABLE_EVENTS, type EventName } from "@/server/schemas/events";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { SAMPLE_EVENT_DATA } from "./sample-event-data";

afterEach(() => setClock(systemClock));

const DAY = 86_400_000;

describe("the events' data schemas", () => {
  it("fit what a campaign run really emits, and the samples carry every field a real event does", async () => {
    const start = "2026-03-02T07:00:00Z";
    const clock = new ManualClock(start);
    setClock(clock);
    await ensureSandboxDirectory();
    const { actor, workspace } = await createTestWorkspace();
    const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: "hooks-samples-rep@example.com", password: "x" }), { via: "api" });
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({
        name: "Samples",
        linkedinAccountIds: [sender.account.id],
        sequence: {
          steps: [
            { id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } },
            { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks, {{firstName}}!" }, nextDelayHours: 48, branchDelays: { yes: 2 } },
          ],
        },
        schedule: { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
      }),
    );
    const prospects = sandboxDirectory().slice(100, 112);
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
    await driveCampaigns(clock, new Date(Date.parse(start) + 40 * DAY));

    const events = await outboxEvents(workspace.id);
    const seen = new Set(events.map((event) => event.event));
    for (const event of ["account.connected", "connection.accepted", "message.sent", "message.received", "lead.status_changed", "campaign.finished"]) {
      expect(seen, event).toContain(event);
    }
    for (const { event, data } of events) {
      expect(SUBSCRIBABLE_EVENTS, event).toContain(event);
      const parsed = EVENT_DATA_SCHEMAS[event as EventName].safeParse(data);
      expect(parsed.error?.issues, `${event} ${JSON.stringify(data)}`).toBeUndefined();
      const missing = Object.keys(data).filter((field) => !(field in SAMPLE_EVENT_DATA[event as EventName]));
      expect(missing, `fields of a real ${event} missing from its sample`).toEqual([]);
    }
  }, 180_000);
});
