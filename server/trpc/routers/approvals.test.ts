// The dashboard's approvals procedures, under the names the Approvals page calls: the counts for the
// navigation, each kind's queue and its actions (one and many) for the signed-in workspace, and the
// services' errors as tRPC codes with Herald's code beside them.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { setTextGenerator } from "../../providers/ai";
import { offlineTextGenerator } from "../../providers/ai/offline-text-generator";
import { setSpeechProvider } from "../../providers/speech";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, silentWav, useTemporaryFileStorage } from "../../test/approvals-seed";
import { createTestWorkspace } from "../../test/factories";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

const session: { actor: Actor | null } = { actor: null };
vi.mock("../../auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

beforeEach(() => {
  setClock(new ManualClock("2026-11-24T10:00:00Z"));
  useTemporaryFileStorage();
});
afterEach(() => {
  setClock(systemClock);
  setTextGenerator(undefined);
  setSpeechProvider(undefined);
});

async function signedIn() {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: 10 } });
  session.actor = context.actor;
  const caller = createCallerFactory(appRouter)({ userId: context.userId, clientAddress: "198.51.100.7" });
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  return { ...context, caller, sender, campaign };
}

describe("the approvals router", () => {
  it("counts, lists, changes and decides comments, one and many", async () => {
    const { caller, actor, campaign, sender } = await signedIn();
    const comments = [];
    for (let index = 0; index < 3; index++) comments.push((await seedPendingComment({ actor, campaign, sender, createdAt: new Date(Date.UTC(2026, 10, 24, 9, index)) })).draft);
    await seedPendingVoiceNote({ actor, campaign, sender });
    expect(await caller.approvals.counts()).toEqual({ comments: 3, voiceNotes: 1, aiLines: 0, agentWrites: 0 });

    const page = await caller.approvals.comments.list({ limit: 2 });
    expect(page.paging).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(page.data.map((comment) => comment.id)).toEqual([comments[0]!.id, comments[1]!.id]);
    expect((await caller.approvals.comments.get({ id: comments[0]!.id })).comment).toBe("Congratulations on the launch, Ada!");
    expect(await caller.approvals.comments.edit({ id: comments[0]!.id, comment: "Edited" })).toMatchObject({ comment: "Edited", status: "pending" });
    setTextGenerator({ ...offlineTextGenerator, name: "test", draftComment: async () => "Regenerated" });
    expect(await caller.approvals.comments.regenerate({ id: comments[0]!.id })).toMatchObject({ comment: "Regenerated", generations: 2 });
    expect(await caller.approvals.comments.approve({ id: comments[0]!.id, comment: "Final words" })).toMatchObject({ status: "approved", comment: "Final words" });
    expect(await caller.approvals.comments.reject({ id: comments[1]!.id })).toMatchObject({ status: "rejected" });
    expect(await caller.approvals.comments.approveMany({ ids: [comments[1]!.id, comments[2]!.id] })).toEqual({
      decided: [comments[2]!.id],
      skipped: [{ id: comments[1]!.id, reason: "This comment was already rejected." }],
    });
    expect(await caller.approvals.comments.rejectMany({ ids: [comments[2]!.id] })).toEqual({ decided: [], skipped: [{ id: comments[2]!.id, reason: "This comment was already approved." }] });
    expect(await caller.approvals.counts()).toEqual({ comments: 0, voiceNotes: 1, aiLines: 0, agentWrites: 0 });

    await expect(caller.approvals.comments.approve({ id: comments[0]!.id })).rejects.toMatchObject({ code: "CONFLICT", message: "This comment was already approved." });
    await expect(caller.approvals.comments.get({ id: "pcm_missing" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.approvals.comments.approveMany({ ids: [] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("lists, re-records, replaces, approves and rejects voice notes", async () => {
    const { caller, actor, campaign, sender } = await signedIn();
    const first = (await seedPendingVoiceNote({ actor, campaign, sender, createdAt: new Date("2026-11-24T09:00:00Z") })).draft;
    const second = (await seedPendingVoiceNote({ actor, campaign, sender, createdAt: new Date("2026-11-24T09:10:00Z") })).draft;
    const third = (await seedPendingVoiceNote({ actor, campaign, sender, createdAt: new Date("2026-11-24T09:20:00Z") })).draft;
    setSpeechProvider({
      name: "offline",
      listVoices: async () => [{ id: "plain", name: "Plain", language: "en" }],
      defaultVoiceId: () => "plain",
      synthesize: async () => ({ audio: silentWav(1800), mimeType: "audio/wav", durationMs: 1800 }),
    });
    const page = await caller.approvals.voiceNotes.list({ campaignId: campaign.id });
    expect(page.data.map((note) => note.id)).toEqual([first.id, second.id, third.id]);
    expect(page.data[0]!.audioUrl).toContain("/api/files/audio/");
    expect(await caller.approvals.voiceNotes.reRecord({ id: first.id, script: "Hi {{firstName}}" })).toMatchObject({ script: "Hi Ada", durationMs: 1800 });
    expect(await caller.approvals.voiceNotes.uploadRecording({ id: first.id, audio: silentWav(2200).toString("base64"), mimeType: "audio/wav" })).toMatchObject({
      recordedByPerson: true,
      durationMs: 2200,
    });
    expect(await caller.approvals.voiceNotes.approve({ id: first.id })).toMatchObject({ status: "approved" });
    expect((await caller.approvals.voiceNotes.get({ id: first.id })).status).toBe("approved");
    expect(await caller.approvals.voiceNotes.reject({ id: second.id })).toMatchObject({ status: "rejected" });
    expect(await caller.approvals.voiceNotes.rejectMany({ ids: [third.id, second.id] })).toEqual({
      decided: [third.id],
      skipped: [{ id: second.id, reason: "This voice note was already rejected." }],
    });
    expect(await caller.approvals.voiceNotes.approveMany({ ids: ["pvn_missing"] })).toEqual({ decided: [], skipped: [{ id: "pvn_missing", reason: "This voice note was not found." }] });
    await expect(caller.approvals.voiceNotes.uploadRecording({ id: first.id, audio: silentWav(2200).toString("base64"), mimeType: "audio/wav" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(caller.approvals.voiceNotes.list({ status: "nope" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
