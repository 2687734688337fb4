// The events' data schemas (schemas/event-data.ts), which the REST hooks' samples are checked
// against, describe what Herald really emits: a campaign run on the sandbox network emits account,
// connection, message, status and campaign events, an e-mail campaign on the sandbox mail network
// emits the email.* events and a mailbox's account events, and each one's data fits its schema; and
// each sample carries every field a real event of its kind carries.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
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
import { pauseMailbox } from "@/server/services/mail/mailboxes/pause-mailbox";
import { resumeMailbox } from "@/server/services/mail/mailboxes/resume-mailbox";
import { actAsSandboxMailProspect } from "@/server/services/sandbox/act-as-mail-prospect";
import { ZSandboxMailAction } from "@/server/schemas/sandbox-mail";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { setupEmailCampaign, START } from "@/server/test/email-campaign";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { sampleEventData } from "./sample-event-data";

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
    expectFitted(events);
  }, 180_000);

  it("fit what an e-mail campaign and its mailbox really emit, and the samples carry their fields", async () => {
    const sequence = {
      steps: [
        { id: "first", type: "email" as const, config: { subject: "Quick question, {{firstName}}", html: '<p>Hi {{firstName}}, see <a href="https://acme.test/pricing">our pricing</a>.</p>' }, nextDelayHours: 72 },
        { id: "bump", type: "email" as const, parent: "first", config: { subject: "ignored in a thread", text: "Just bumping this." } },
      ],
    };
    // The sandbox mail network's test addresses: each behaves as its first word says.
    const leads = ["bounce.ann", "clicker.bob", "reply.cat", "complain.dan", "opener.eve"].map((local) => ({ email: `${local}@acme.test`, firstName: local.split(".")[1] }));
    const { clock, actor, workspace, campaign, mailboxIds } = await setupEmailCampaign({ sequence, leads });
    await db.campaign.update({ where: { id: campaign.id }, data: { tracking: { opens: "on", clicks: "on" }, unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" } } });
    await driveCampaigns(clock, new Date(Date.parse(START) + 2 * DAY));
    // Unsubscribing is no persona's: the opener's recipient does it through the page.
    const opener = await db.sandboxEmail.findFirstOrThrow({ where: { toAddress: "opener.eve@acme.test", direction: "outbound" }, orderBy: { sentAt: "asc" } });
    await actAsSandboxMailProspect(actor, ZSandboxMailAction.parse({ emailId: opener.id, action: "unsubscribe" }));
    await driveCampaigns(clock, new Date(Date.parse(START) + 6 * DAY));
    await pauseMailbox(actor, mailboxIds[0]!);
    await resumeMailbox(actor, mailboxIds[0]!);

    const events = await outboxEvents(workspace.id);
    const seen = new Set(events.map((event) => event.event));
    for (const event of ["email.sent", "email.received", "email.bounced", "email.opened", "email.clicked", "email.unsubscribed", "account.paused", "account.resumed"]) {
      expect(seen, event).toContain(event);
    }
    const bounced = events.filter((event) => event.event === "email.bounced").map((event) => event.data.kind);
    expect(new Set(bounced)).toEqual(new Set(["bounce", "complaint"]));
    const paused = events.find((event) => event.event === "account.paused")!;
    expect(paused.data).toMatchObject({ channel: "email", account: { id: mailboxIds[0], paused: true } });
    expectFitted(events);
  }, 180_000);
});

/** Each event's data fits its schema, and a sample of its kind (a mailbox's for a mailbox's) has every field it has. */
function expectFitted(events: Array<{ event: string; data: Record<string, unknown> }>) {
  for (const { event, data } of events) {
    expect(SUBSCRIBABLE_EVENTS, event).toContain(event);
    const parsed = EVENT_DATA_SCHEMAS[event as EventName].safeParse(data);
    expect(parsed.error?.issues, `${event} ${JSON.stringify(data)}`).toBeUndefined();
    const samples = sampleEventData(event as EventName);
    const sample = samples.find((candidate) => candidate.channel === data.channel) ?? samples[0]!;
    const missing = Object.keys(data).filter((field) => !(field in sample));
    expect(missing, `fields of a real ${event} missing from its sample`).toEqual([]);
  }
}
