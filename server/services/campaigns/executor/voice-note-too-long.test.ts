// An AI voice note whose script, its placeholders filled in, is longer than the speech provider takes
// (OpenAI: 4,096 characters): the executor fails the lead on that step with the reason in words,
// before any credit is spent or the provider asked, rather than trying again every few minutes.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { setSpeechProvider } from "@/server/providers/speech";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import type { SpeechProvider } from "@/server/providers/speech/types";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { silentWav, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { addTestCredits } from "@/server/test/factories";
import { world } from "@/server/test/forecast-parity";
import { campaignWith, connectBeforehand } from "@/server/test/forecast-parity-campaigns";
import { updateCampaign } from "../update-campaign";

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setSpeechProvider(undefined);
  setClock(systemClock);
});

describe("an AI voice note longer than the speech provider takes", () => {
  it("fails the lead on the step with the reason, spending no credit and asking no provider", async () => {
    const asked: string[] = [];
    const shortSpeech: SpeechProvider = {
      name: "openai",
      inputLimit: 30,
      listVoices: async () => [{ id: "alloy", name: "Alloy", language: null }],
      defaultVoiceId: () => "alloy",
      synthesize: async ({ text }) => {
        asked.push(text);
        return { audio: silentWav(1000), mimeType: "audio/wav", durationMs: 1000 };
      },
    };
    setSpeechProvider(shortSpeech);
    const { clock, actor, senders } = await world("too-long", "2026-06-07T10:00:00Z", ["rep0"]);
    useTemporaryFileStorage();
    await addTestCredits(actor.workspaceId, 100, "too-long");
    const prospect = sandboxDirectory()[0]!;
    const script = "Hi {{firstName}}, this message is far longer than thirty characters.";
    const sequence: TSequenceInput = { steps: [{ id: "spoken", type: "ai_voice_note", config: { script, fallbackScript: "Hi there, this message is far longer than thirty characters." } }] };
    const campaign = await campaignWith(actor, { name: "Long", pool: senders, sequence, prospects: [prospect] });
    await updateCampaign(actor, campaign.id, { approvals: { aiVoiceNotes: false } });
    await connectBeforehand(actor, senders[0]!, prospect);
    clock.set("2026-06-08T07:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date("2026-06-09T07:00:00Z"));

    const step = await db.campaignLeadStep.findFirstOrThrow({ where: { campaignId: campaign.id, stepId: "spoken" } });
    expect(step.status).toBe("failed");
    expect(step.detail).toMatch(/^The voice note's text is \d+ characters; the speech provider takes at most 30\. Shorten the script\.$/);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaign.leads[0]!.id }, select: { status: true } })).toEqual({ status: "failed" });
    expect(asked).toEqual([]);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId, reason: "voice-note" } })).toBe(0);
  }, 120_000);
});
