// With sender turns fanned out, a pass (a kick, or the next minute's cron) can start while a turn
// is in the middle of sending. The pass must not take that turn's intent for a leftover of a crash:
// it would forget it, the turn could not record its step, and a later turn would act twice.
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { getLinkedinProvider, setLinkedinProvider } from "@/server/providers/linkedin";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { ZConnectSenderInput } from "@/server/schemas/sender";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { updateCampaign } from "@/server/services/campaigns/update-campaign";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { prepareExecutorPass } from "./run-executor-pass";
import { takeSenderTurn } from "./take-sender-turn";

afterEach(() => {
  setLinkedinProvider(undefined);
  setClock(systemClock);
});

it("leaves a turn's intent alone while the turn is still sending, so the step happens once", async () => {
  const clock = new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const sender = (await connectSender(actor, ZConnectSenderInput.parse({ username: `overlap-${Date.now()}@example.com`, password: "x" }), { via: "api" })).account.id;
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      linkedinAccountIds: [sender],
      sequence: { steps: [{ id: "visit", type: "visit_profile" }] },
      schedule: { timezone: "UTC", activeHours: { from: "08:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] },
    }),
  );
  const prospect = sandboxDirectory()[130]!;
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) }] }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));

  // The first visit waits at a gate until the overlapping pass has run.
  const network = await getLinkedinProvider();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  let visits = 0;
  setLinkedinProvider(
    new Proxy(network, {
      get(target, property, receiver) {
        if (property !== "visitProfile") return Reflect.get(target, property, receiver);
        return async (accountId: string, memberId: string) => {
          visits++;
          if (visits === 1) {
            reached();
            await gate;
          }
          return network.visitProfile(accountId, memberId);
        };
      },
    }),
  );

  const first = await prepareExecutorPass();
  expect(first.senderIds).toEqual([sender]);
  const turn = takeSenderTurn(sender, first.at);
  await atGate;
  const overlapping = await prepareExecutorPass();
  expect(overlapping.reconciled).toBe(0);
  release();
  expect(await turn).toBe(true);

  // Half an hour of passes and turns afterwards: nothing left to do for this lead.
  for (let minute = 0; minute < 30; minute++) {
    clock.advance(60_000);
    const pass = await prepareExecutorPass();
    for (const id of pass.senderIds) await takeSenderTurn(id, pass.at);
  }
  expect(visits).toBe(1);
  const member = await db.sandboxMember.findUniqueOrThrow({ where: { publicIdentifier: prospect.publicIdentifier } });
  expect(await db.sandboxInteraction.count({ where: { targetId: member.id, kind: "profile_view" } })).toBe(1);
  const journal = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id } });
  expect(journal.map((row) => [row.stepId, row.status])).toEqual([["visit", "done"]]);
}, 120_000);
