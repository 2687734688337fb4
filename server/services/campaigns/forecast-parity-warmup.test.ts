// The campaign forecast against the real executor for a warming mailbox (forecast-parity-email.test.ts
// has plain e-mail sending): campaign e-mail waits for the end of the warmup hold, mid-day and
// mid-run, then goes out within the warmup ramp's volume of each day (warmupCampaignCap), the
// warmup day advancing with the date. The executor counts it in countMailboxUsage, the forecast in
// mailboxRemaining; both must agree lead by lead.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { presetStrategy } from "@/server/domain/mail/warmup-ramp";
import { setMailProvider } from "@/server/providers/mail";
import type { MailProvider } from "@/server/providers/mail/types";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };
// Tuesday 5 May 2026, 12:17 in Paris: mid-day, on the run's second day.
const HOLD_ENDS = new Date("2026-05-05T10:17:00Z");

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});

describe("the forecast against the executor for a warming mailbox, lead by lead", () => {
  it("w. campaign e-mail held until the warmup hold ends mid-day, then capped by the ramp's volume of each day", async () => {
    const { clock, actor, workspace } = await world("warming", "2026-05-03T10:00:00Z", []);
    const server: MailProvider = {
      name: "sandbox",
      verify: () => Promise.resolve(),
      send: (_mailbox, email) => Promise.resolve({ messageId: email.messageId, acceptedAt: now().toISOString(), response: "250 OK" }),
      findSent: () => Promise.resolve(null),
      fetchIncoming: () => Promise.resolve({ messages: [], cursor: null }),
      planOutcome: () => ({ openAt: null, clickAt: null, replyAt: null, autoReplyAt: null, bounce: null, complainAt: null }),
    };
    setMailProvider("sandbox", server);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Warming", email: "warming@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 10, createdAt: now(), updatedAt: now() },
    });
    // Warming since Friday 1 May (day 3 on Sunday 3 May): 2 e-mails on day 1, one more each day.
    const strategy = presetStrategy("conservative");
    await db.mailboxWarmup.create({
      data: {
        mailboxId: box.id,
        workspaceId: workspace.id,
        network: "sandbox",
        externalId: "warming-1",
        status: "warming",
        preset: strategy.preset,
        startingVolume: strategy.startingVolume,
        dailyIncrease: strategy.dailyIncrease,
        targetVolume: strategy.targetVolume,
        replyInboxMin: strategy.replyInbox[0],
        replyInboxMax: strategy.replyInbox[1],
        replyPromotionsMin: strategy.replyPromotions[0],
        replyPromotionsMax: strategy.replyPromotions[1],
        replySpam: strategy.replySpam,
        day: 3,
        dayDate: "2026-05-03",
        startedAt: new Date("2026-05-01T08:00:00Z"),
        holdUntil: HOLD_ENDS,
        holdReason: "warming",
        createdAt: now(),
        updatedAt: now(),
      },
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text: "A short note" } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Following up", text: "Any thoughts?" } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Warming", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: Array.from({ length: 14 }, (_, index) => ({ email: `reader-${index}@warming.example` })) }));

    clock.set("2026-05-04T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: nothing before the hold ended, then each day's ramp volume
    // (day 5 on Tuesday: 6; Wednesday 7; Thursday 8; Friday 9), never the daily limit of 10.
    const emails = await db.emailMessage.findMany({ where: { campaignId: campaign.id, status: "sent" }, orderBy: { createdAt: "asc" } });
    expect(emails[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(HOLD_ENDS.getTime());
    expect(emails[0]!.createdAt.getTime()).toBeLessThan(HOLD_ENDS.getTime() + 60 * 60_000);
    const perDay = new Map<string, number>();
    for (const email of emails) {
      const key = email.createdAt.toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    // Follow-ups go first (turn-policy.ts candidateOrder): Thursday's 8 are all second e-mails, though
    // one lead still waited for its first (due since Monday), which went out on Friday.
    expect(Object.fromEntries(perDay)).toEqual({ "2026-05-05": 6, "2026-05-06": 7, "2026-05-07": 8, "2026-05-08": 6 });
    const thursday = emails.filter((email) => email.createdAt.toLocaleDateString("en-CA", { timeZone: "Europe/Paris" }) === "2026-05-07");
    expect(thursday.map((email) => email.stepId)).toEqual(Array(8).fill("again"));
    expect(emails.filter((email) => email.stepId === "hello").at(-1)!.createdAt.toISOString().slice(0, 10)).toBe("2026-05-08");
    await expectParity(forecast, before);
  }, 180_000);
});
