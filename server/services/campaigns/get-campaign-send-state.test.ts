// What holds a campaign's due leads back, from the executor's own rules, against PostgreSQL.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { createCampaign } from "./create-campaign";
import { getCampaignSendState } from "./get-campaign-send-state";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZCreateCampaignInput } from "../../schemas/campaign";

afterEach(() => setClock(systemClock));

const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

async function setup(label: string) {
  const { actor } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}@example.com`, password: "x", timezone: "Europe/Berlin" }), { via: "api" });
  const senderId = connected.account.id;
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: label, status: "active", linkedinAccountIds: [senderId], schedule: SCHEDULE }));
  return { actor, senderId, campaign };
}

describe("getCampaignSendState", () => {
  it("on a Sunday evening: the window is closed and opens Monday 09:00 Paris time", async () => {
    setClock(new ManualClock("2026-11-22T19:00:00Z"));
    const { actor, campaign } = await setup("sunday-rep");
    const state = await getCampaignSendState(actor, campaign.id);
    expect(state).toMatchObject({ status: "active", timezone: "Europe/Paris", windowOpen: false, nextWindowOpensAt: "2026-11-23T08:00:00.000Z" });
  });

  it("inside the window: open, and the sender's used-up daily cap and pause between actions are named", async () => {
    setClock(new ManualClock("2026-11-24T10:00:00Z"));
    const { actor, senderId, campaign } = await setup("tuesday-rep");
    await db.linkedinAccount.update({
      where: { id: senderId },
      data: { limits: { daily: { invitations: 0 } }, nextActionAt: new Date("2026-11-24T10:03:00Z") },
    });
    const state = await getCampaignSendState(actor, campaign.id);
    expect(state.windowOpen).toBe(true);
    expect(state.senders).toEqual([
      {
        id: senderId,
        timezone: "Europe/Berlin",
        // Midnight in Berlin.
        capped: [{ stepType: "invite", limit: "daily", resetsAt: "2026-11-24T23:00:00.000Z" }],
        nextActionAt: "2026-11-24T10:03:00.000Z",
        cooldownUntil: null,
      },
    ]);
  });

  it("is a 404 for another workspace's campaign", async () => {
    const { campaign } = await setup("private-rep");
    const { actor: stranger } = await createTestWorkspace();
    await expect(getCampaignSendState(stranger, campaign.id)).rejects.toMatchObject({ code: "not-found" });
  });
});
