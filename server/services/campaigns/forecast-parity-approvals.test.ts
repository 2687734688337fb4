// The campaign forecast against the real executor, lead by lead, for the drafted step kinds: AI
// comments, AI voice notes and recorded voice notes, with approvals on and off. The forecast assumes
// approvers approve every draft at once; the test driver does so right after each pass (approveAs),
// so the two must agree exactly, as in forecast-parity.test.ts: the draft uses the sender's turn,
// the lead is due again at once, the sender's next turn sends it within its cap; a lead without a
// recent post skips its comment (the sandbox's posts age out of RECENT_POST_DAYS during the
// horizon); a voice note to someone not connected fails the lead.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { silentWav, useTemporaryFileStorage as temporaryFileStorage } from "@/server/test/approvals-seed";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { addTestCredits } from "@/server/test/factories";
import { expectParity, world } from "@/server/test/forecast-parity";
import { campaignWith, connectBeforehand, forecastAll } from "@/server/test/forecast-parity-campaigns";
import { updateCampaign } from "./update-campaign";

const directory = sandboxDirectory();
const POSTING = directory.filter((prospect) => prospect.posts.length > 0);
const QUIET = directory.filter((prospect) => prospect.posts.length === 0);

let recordings: Server;
let recordingUrl = "";
beforeAll(async () => {
  recordings = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "audio/wav" });
    response.end(silentWav(1500));
  });
  await new Promise<void>((resolve) => recordings.listen(0, "127.0.0.1", resolve));
  recordingUrl = `http://127.0.0.1:${(recordings.address() as AddressInfo).port}/hello.wav`;
});
afterAll(() => new Promise<void>((resolve) => recordings.close(() => resolve())));

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("the forecast against the executor for comments and voice notes, lead by lead", () => {
  it("j. comments and AI and recorded voice notes, approved at once or sent without approval, with a tight comment cap", async () => {
    const { clock, actor, senders } = await world("drafts", "2026-06-07T10:00:00Z", ["rep0", "rep1"]);
    temporaryFileStorage();
    await addTestCredits(actor.workspaceId, 1000, "parity");
    // One sender may comment only twice a day: comments wait for the next day, drafts with them.
    await db.linkedinAccount.update({ where: { id: senders[0]! }, data: { limits: { daily: { comments: 2 } } } });
    const sequence: TSequenceInput = {
      steps: [
        { id: "comment", type: "comment_post", config: { prompt: "Say something specific about the post" }, nextDelayHours: 2 },
        // Delays after the condition keep two journal rows of a lead out of one minute (the comparison orders a minute's rows by id).
        { id: "ask", type: "if_connected", parent: "comment", branchDelays: { yes: 1, no: 1 } },
        { id: "spoken", type: "ai_voice_note", parent: "ask", branch: "yes", config: { script: "Hi {{firstName}}, loved your post", fallbackScript: "Hi there" }, nextDelayHours: 30 },
        { id: "recorded", type: "voice_note", parent: "spoken", branch: "no", config: { voice: { url: recordingUrl, durationMs: 1500 } }, nextDelayHours: 48 },
        { id: "invite", type: "invite", parent: "ask", branch: "no", branchDelays: { no: 96 } },
        { id: "hello", type: "ai_voice_note", parent: "invite", branch: "yes", config: { script: "Thanks for connecting, {{firstName}}" } },
      ],
    };
    const approved = await campaignWith(actor, { name: "Approved", pool: senders, sequence, prospects: [...POSTING.slice(0, 6), ...QUIET.slice(0, 3)] });
    const direct = await campaignWith(actor, { name: "Direct", pool: senders, sequence, prospects: [...POSTING.slice(6, 10), ...QUIET.slice(3, 5)] });
    await updateCampaign(actor, approved.id, { approvals: { recordedVoiceNotes: true } });
    await updateCampaign(actor, direct.id, { approvals: { comments: false, aiVoiceNotes: false, recordedVoiceNotes: false } });
    // Half of each campaign's leads are connected to their sender beforehand.
    for (const lead of [...approved.leads.filter((_, index) => index % 2 === 0), ...direct.leads.filter((_, index) => index % 2 === 0)]) {
      await connectBeforehand(actor, lead.senderId, lead.prospect);
    }

    clock.set("2026-06-08T07:00:00Z");
    for (const id of [approved.id, direct.id]) await updateCampaign(actor, id, { status: "active" });
    const forecasts = await forecastAll(actor, [approved.id, direct.id], 9);
    await driveCampaigns(clock, new Date(forecasts[0]!.forecast.horizonEnd), { approveAs: actor });

    // The scenario did what it is for, on the executor.
    const steps = await db.campaignLeadStep.findMany({ where: { campaignId: { in: [approved.id, direct.id] } } });
    const seen = new Set(steps.map((step) => `${step.stepType}:${step.status}`));
    for (const expected of ["comment_post:done", "comment_post:skipped", "ai_voice_note:done", "voice_note:done", "invite:done"]) expect(seen).toContain(expected);
    expect(await db.pendingComment.count({ where: { campaignId: approved.id, status: "sent" } })).toBeGreaterThan(0);
    expect(await db.pendingVoiceNote.count({ where: { campaignId: approved.id, status: "sent", kind: "ai" } })).toBeGreaterThan(0);
    expect(await db.pendingComment.count({ where: { campaignId: direct.id } })).toBe(0);
    // The comment cap bound: some day the capped sender commented twice.
    const comments = await db.senderAction.findMany({ where: { accountId: senders[0]!, type: "comment" }, select: { createdAt: true } });
    const perDay = new Map<string, number>();
    for (const comment of comments) perDay.set(comment.createdAt.toISOString().slice(0, 10), (perDay.get(comment.createdAt.toISOString().slice(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBe(2);
    for (const { forecast, before } of forecasts) await expectParity(forecast, before);
  }, 240_000);
});
