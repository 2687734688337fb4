// The campaign forecast against the real executor for manual tasks (p): a task goes in the Tasks
// queue when the lead reaches it, the lead waits for a person, and continues with the next step once
// the task is marked done or skipped. The forecast assumes a person does each task right after the
// pass that made it, as the driver's approver does; skipping leads on the same way as doing.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";
import { listManualTasks } from "../tasks/list-manual-tasks";

const CLOSED = sandboxDirectory().filter((prospect) => !prospect.openProfile);
const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor for manual tasks, lead by lead", () => {
  it("p. a visit, a call to make, then an invitation: tasks done and skipped both move the lead on", async () => {
    const { clock, actor, senders } = await world("tasks", "2026-06-07T10:00:00Z", ["rep0"]);
    const sequence: TSequenceInput = {
      steps: [
        { id: "look", type: "visit_profile", nextDelayHours: 2 },
        { id: "call", type: "task", parent: "look", nextDelayHours: 1, config: { taskKind: "call", dueHours: 4, text: "Call {{firstName|them}} about {{company|their team}}" } },
        { id: "invite", type: "invite", parent: "call", branchDelays: { no: 48 } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Tasks", linkedinAccountIds: senders, sequence, schedule: SCHEDULE }));
    const prospects = CLOSED.slice(130, 136);
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 4);
    expect(forecast.assumptions.join(" ")).toContain("Manual tasks are assumed done as soon as they reach the Tasks queue");
    await updateCampaign(actor, campaign.id, { status: "active" });
    // Every other task is skipped.
    const skipped = new Set(before.statuses.size ? [...before.statuses.keys()].filter((_, index) => index % 2 === 1) : []);
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor, taskOutcome: (task) => (skipped.has(task.campaignLeadId) ? "skipped" : "done") });

    // The scenario did what it is for: every lead's call was made or skipped, with its instructions filled in, and the invitations followed.
    const tasks = await db.manualTask.findMany({ where: { campaignId: campaign.id } });
    expect(tasks).toHaveLength(prospects.length);
    expect(new Set(tasks.map((task) => task.status))).toEqual(new Set(["done", "skipped"]));
    expect(tasks.every((task) => task.kind === "call" && /^Call \S+ about /.test(task.instructions))).toBe(true);
    const journal = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "call" } });
    expect(journal.every((step) => /^Call (done|skipped) by /.test(step.detail ?? ""))).toBe(true);
    expect(await db.senderAction.count({ where: { campaignLeadId: { in: tasks.map((task) => task.campaignLeadId) }, type: "invitation" } })).toBe(prospects.length);
    expect((await listManualTasks(actor, { limit: 50, offset: 0 })).data).toEqual([]);
    await expectParity(forecast, before);
  }, 180_000);

  it("p2. a forecast taken while leads wait in the Tasks queue: they go on once their task is done", async () => {
    const { clock, actor, senders } = await world("queued", "2026-06-07T10:00:00Z", ["rep0"]);
    const sequence: TSequenceInput = {
      steps: [
        { id: "call", type: "task", nextDelayHours: 1, config: { taskKind: "phone_message", text: "Text {{firstName|them}} from your phone" } },
        { id: "look", type: "visit_profile", parent: "call" },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Queued", linkedinAccountIds: senders, sequence, schedule: SCHEDULE }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: CLOSED.slice(140, 143).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
    clock.set("2026-06-08T06:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    // Nobody works the queue on Monday morning: the tasks wait, overdue after a day.
    await driveCampaigns(clock, new Date("2026-06-09T09:00:00Z"));
    const queue = await listManualTasks(actor, { limit: 50, offset: 0 });
    expect(queue.data.map((task) => [task.kind, task.overdue])).toEqual([
      ["phone_message", true],
      ["phone_message", true],
      ["phone_message", true],
    ]);
    const { forecast, before } = await forecastOne(actor, campaign.id, 2);
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor });
    expect(await db.campaignLead.count({ where: { campaignId: campaign.id, status: "done" } })).toBe(3);
    await expectParity(forecast, before);
  }, 180_000);
});
