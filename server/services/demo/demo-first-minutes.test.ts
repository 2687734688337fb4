// The Quick start's promise: a newcomer who activates the sample campaign sees a lead acted on
// within minutes, whatever the hour or the day (issue 32: activated in the evening, it waited for
// the next working morning). The real executor, passes minute by minute on Herald's clock.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { ZUpdateCampaignInput } from "../../schemas/campaign";
import { updateCampaign } from "../campaigns/update-campaign";
import { seedDemoWorkspace } from "./seed-demo-workspace";

afterEach(() => setClock(systemClock));

it("acts on a sample lead within three minutes of Activate, on a Saturday night", async () => {
  // 23:30 in Paris, a Saturday: outside any working hours.
  const clock = new ManualClock("2026-03-07T22:30:00Z");
  setClock(clock);
  const demo = await seedDemoWorkspace();
  const owner = await db.membership.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, role: "owner" } });
  const actor = { userId: owner.userId, workspaceId: demo.workspaceId, role: "owner" as const, canManageBilling: true };
  await updateCampaign(actor, demo.sampleCampaignId!, ZUpdateCampaignInput.parse({ status: "active" }));
  const activatedAt = clock.now().getTime();

  await driveCampaigns(clock, new Date(activatedAt + 3 * 60_000));
  const actions = await db.senderAction.findMany({ where: { workspaceId: demo.workspaceId, source: "campaign", status: { notIn: ["failed", "sending"] } }, orderBy: { createdAt: "asc" } });
  expect(actions.length, "actions within three minutes of Activate").toBeGreaterThan(0);
  expect(actions[0]!.createdAt.getTime() - activatedAt).toBeLessThanOrEqual(3 * 60_000);
});
