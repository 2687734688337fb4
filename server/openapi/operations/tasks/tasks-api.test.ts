// Manual tasks over the API with an API key: a campaign's task step fills the queue; the list (a bad
// status a 400 naming it), completing one (the lead moves on; a bad outcome a 400 naming it), 409 on
// a decided task, 404 on another workspace's; an approver's key may work the queue.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { runExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

async function queue() {
  setClock(new ManualClock("2026-06-08T08:00:00Z"));
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const sequence = {
    steps: [
      { id: "call", type: "task", config: { taskKind: "call", dueHours: 2, text: "Call {{firstName|them}}" } },
      { id: "mail", type: "email", parent: "call", config: { subject: "Hi", text: "Hello" } },
    ],
  };
  const campaign = await createCampaign(context.actor, ZCreateCampaignInput.parse({ name: "Calls", sequence, schedule: { timezone: "UTC", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7] } }));
  const prospect = sandboxDirectory()[3]!;
  await addCampaignLeads(context.actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), firstName: "Ada", customVariables: { phone: "+44 20 7946 0000" } }] }));
  await db.campaign.update({ where: { id: campaign.id }, data: { status: "active" } });
  await runExecutorPass({ parallelism: 1 });
  return { ...context, key, campaign };
}

describe("the manual tasks API", () => {
  it("lists the queue, completes a task so the lead moves on, and refuses what it cannot do", async () => {
    const { key, campaign } = await queue();
    const listed = await callApi("GET", "/tasks", { key });
    expect(listed.status).toBe(200);
    const [task] = listed.body!.data;
    expect(task).toMatchObject({ kind: "call", instructions: "Call Ada", status: "pending", overdue: false, campaignName: "Calls", lead: { name: "Ada", phone: "+44 20 7946 0000" } });
    expect((await callApi("GET", "/tasks", { key, query: { status: "later" } })).body!.error).toMatchObject({ code: "invalid-input", message: expect.stringContaining("status") });

    const bad = await callApi("POST", `/tasks/${task.id}/complete`, { key, body: { outcome: "maybe" } });
    expect([bad.status, bad.body!.error.message]).toEqual([400, expect.stringContaining("outcome")]);
    const done = await callApi("POST", `/tasks/${task.id}/complete`, { key, body: { outcome: "done", note: "Left a voicemail" } });
    expect(done.status).toBe(200);
    expect(done.body!.data).toMatchObject({ status: "done", note: "Left a voicemail" });
    const lead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect([lead.currentStepId, lead.phase]).toEqual(["mail", "ready"]);
    const journal = await db.campaignLeadStep.findFirstOrThrow({ where: { campaignLeadId: lead.id, stepId: "call" } });
    expect(journal).toMatchObject({ status: "done", detail: expect.stringMatching(/^Call done by .+: Left a voicemail$/) });

    const again = await callApi("POST", `/tasks/${task.id}/complete`, { key, body: { outcome: "skipped" } });
    expect([again.status, again.body!.error.code]).toEqual([409, "already-decided"]);
    expect((await callApi("GET", "/tasks", { key })).body!.data).toEqual([]);
    expect((await callApi("GET", "/tasks", { key, query: { status: "done" } })).body!.data.map((row: { id: string }) => row.id)).toEqual([task.id]);

    const other = await createTestWorkspace();
    const { key: otherKey } = await createTestApiKey(other.actor);
    expect((await callApi("POST", `/tasks/${task.id}/complete`, { key: otherKey, body: { outcome: "done" } })).status).toBe(404);
  });

  it("cancels a task whose lead was stopped instead of moving the lead", async () => {
    const { key, campaign, actor } = await queue();
    const lead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } });
    await updateCampaign(actor, campaign.id, { status: "paused" });
    await db.campaignLead.update({ where: { id: lead.id }, data: { status: "stopped" } });
    const [task] = await db.manualTask.findMany({ where: { campaignLeadId: lead.id } });
    const answer = await callApi("POST", `/tasks/${task!.id}/complete`, { key, body: { outcome: "done" } });
    expect([answer.status, answer.body!.error.code]).toEqual([409, "already-decided"]);
    expect((await db.manualTask.findUniqueOrThrow({ where: { id: task!.id } })).status).toBe("cancelled");
  });
});
