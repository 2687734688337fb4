// Approving and rejecting drafts against a real PostgreSQL: where the lead goes (the comment's next
// step, the voice note's no-reply branch), the journal, the events, and the 409 / 404 rules, also
// when two people decide the same draft at once.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import type { Actor } from "@/server/lib/actor";
import { isHeraldError } from "@/server/lib/errors";
import { getFileStorage } from "@/server/providers/storage";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { stopCampaignLead } from "../campaigns/stop-campaign-lead";
import { approvePendingComment } from "./approve-pending-comment";
import { approvePendingVoiceNote } from "./approve-pending-voice-note";
import { rejectPendingComment } from "./reject-pending-comment";
import { rejectPendingVoiceNote } from "./reject-pending-voice-note";

const HOUR = 3_600_000;
let clock: ManualClock;

beforeEach(() => {
  clock = new ManualClock("2026-11-24T10:00:00Z");
  setClock(clock);
  useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

async function setup() {
  const context = await createTestWorkspace();
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  return { ...context, sender, campaign };
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isHeraldError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a HeraldError");
}

describe("approving", () => {
  it("approves a comment with edited text and makes its lead due, since its draft was made", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingComment({ actor, campaign, sender });
    clock.advance(HOUR);
    const approved = await approvePendingComment(actor, draft.id, { comment: "  Well done on the launch!  " });
    expect(approved).toMatchObject({ status: "approved", comment: "Well done on the launch!", decidedAt: clock.now().toISOString(), campaignName: "Warm intros", senderName: "Rep", firstName: "Ada" });
    const row = await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.decidedById).toBe(actor.userId);
    const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    // Due since the sender's turn drafted it (an hour ago), so it goes ahead of leads that fell due while it waited.
    expect(lead).toMatchObject({ phase: "ready", currentStepId: "comment", status: "running", waitUntil: draft.createdAt });
    expect(draft.createdAt.getTime()).toBe(clock.now().getTime() - HOUR);
  });

  it("approves a voice note, with a signed audio address that expires", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender });
    const approved = await approvePendingVoiceNote(actor, draft.id);
    expect(approved.status).toBe("approved");
    expect(approved.audioUrl).toMatch(/\/api\/files\/audio\/.+\?expires=\d+&signature=/);
    expect(new Date(approved.audioUrlExpiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(approved.recordedByPerson).toBe(false);
    const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    expect(lead).toMatchObject({ phase: "ready", currentStepId: "voice", waitUntil: clock.now() });
  });

  it("approving a paused lead's draft keeps the lead paused", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingComment({ actor, campaign, sender, leadStatus: "paused" });
    await approvePendingComment(actor, draft.id, {});
    const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    expect(lead).toMatchObject({ status: "paused", phase: "ready" });
  });
});

describe("rejecting", () => {
  it("a rejected comment skips its step: the journal says so and the lead moves to the next step after its delay", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingComment({ actor, campaign, sender });
    const rejected = await rejectPendingComment(actor, draft.id);
    expect(rejected.status).toBe("rejected");
    const journal = await db.campaignLeadStep.findMany({ where: { campaignLeadId: campaignLead.id } });
    expect(journal).toMatchObject([{ stepId: "comment", stepType: "comment_post", status: "skipped", outcome: null, detail: "Comment rejected" }]);
    const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    expect(lead).toMatchObject({ status: "running", phase: "ready", currentStepId: "voice", currentStepType: "ai_voice_note", waitUntil: new Date(clock.now().getTime() + 2 * HOUR) });
    // Moving the lead on did not withdraw the decided draft.
    expect((await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("rejected");
  });

  it("a rejected voice note sends its lead down the no-reply branch now", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender });
    await rejectPendingVoiceNote(actor, draft.id);
    const journal = await db.campaignLeadStep.findMany({ where: { campaignLeadId: campaignLead.id } });
    expect(journal).toMatchObject([{ stepId: "voice", status: "skipped", outcome: "no", detail: "Voice note rejected" }]);
    const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
    expect(lead).toMatchObject({ status: "running", phase: "ready", currentStepId: "bump", waitUntil: clock.now() });
    expect((await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("rejected");
  });

  it("a rejection at the end of the branch finishes the lead (done, lead.status_changed) and the campaign", async () => {
    const { actor, sender } = await setup();
    const { campaignWithSteps } = await import("@/server/test/inbox-seed");
    const campaign = await campaignWithSteps(actor, "Only a comment", [{ id: "comment", type: "comment_post", config: { prompt: "Say something kind" } }]);
    const { draft, campaignLead, lead } = await seedPendingComment({ actor, campaign, sender });
    await rejectPendingComment(actor, draft.id);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "done", currentStepId: null });
    const events = await outboxEvents(actor.workspaceId);
    expect(events.find((event) => event.event === "lead.status_changed")?.data).toEqual({
      campaignLeadId: campaignLead.id,
      campaignId: campaign.id,
      leadId: lead.id,
      oldStatus: "running",
      newStatus: "done",
      lead: { firstName: "Ada", lastName: "Lovelace", publicIdentifier: lead.publicIdentifier },
    });
    expect(events.some((event) => event.event === "campaign.finished")).toBe(true);
  });

  it("a paused lead's rejected voice note places it on the no-reply branch, still paused", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender, leadStatus: "paused" });
    await rejectPendingVoiceNote(actor, draft.id);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "paused", currentStepId: "bump" });
  });
});

describe("decisions that cannot be made", () => {
  it("a decided draft is a 409 saying what happened", async () => {
    const { actor, campaign, sender } = await setup();
    const comment = await seedPendingComment({ actor, campaign, sender });
    await approvePendingComment(actor, comment.draft.id, {});
    expect(await failure(approvePendingComment(actor, comment.draft.id, {}))).toEqual({ code: "already-decided", message: "This comment was already approved." });
    expect(await failure(rejectPendingComment(actor, comment.draft.id))).toEqual({ code: "already-decided", message: "This comment was already approved." });
    const note = await seedPendingVoiceNote({ actor, campaign, sender });
    await rejectPendingVoiceNote(actor, note.draft.id);
    expect(await failure(approvePendingVoiceNote(actor, note.draft.id))).toEqual({ code: "already-decided", message: "This voice note was already rejected." });
  });

  it("stopping a lead withdraws its drafts (the trigger); deciding one then is a 409 saying its lead moved on", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender });
    await stopCampaignLead(actor, campaign.id, campaignLead.leadId);
    expect((await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("cancelled");
    const refused = await failure(approvePendingVoiceNote(actor, draft.id));
    expect(refused.code).toBe("already-decided");
    expect(refused.message).toMatch(/its lead moved on/);
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } })).toMatchObject({ status: "stopped", phase: "approval" });
  });

  it("another workspace's draft is not found", async () => {
    const { actor, campaign, sender } = await setup();
    const comment = await seedPendingComment({ actor, campaign, sender });
    const note = await seedPendingVoiceNote({ actor, campaign, sender });
    const stranger: Actor = (await createTestWorkspace()).actor;
    expect((await failure(approvePendingComment(stranger, comment.draft.id, {}))).code).toBe("not-found");
    expect((await failure(rejectPendingComment(stranger, comment.draft.id))).code).toBe("not-found");
    expect((await failure(approvePendingVoiceNote(stranger, note.draft.id))).code).toBe("not-found");
    expect((await failure(rejectPendingVoiceNote(stranger, note.draft.id))).code).toBe("not-found");
    expect((await db.pendingComment.findUniqueOrThrow({ where: { id: comment.draft.id } })).status).toBe("pending");
  });

  it("two people deciding at once: one wins, the other gets a 409, and the lead moves once", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender });
    const results = await Promise.allSettled([
      approvePendingVoiceNote(actor, draft.id),
      rejectPendingVoiceNote(actor, draft.id),
      approvePendingVoiceNote(actor, draft.id),
      rejectPendingVoiceNote(actor, draft.id),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((result) => result.reason.code)).toEqual(["already-decided", "already-decided", "already-decided"]);
    const final = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } });
    const journal = await db.campaignLeadStep.count({ where: { campaignLeadId: campaignLead.id } });
    expect(journal).toBe(final.status === "rejected" ? 1 : 0);
    expect(await getFileStorage().get(draft.audioKey)).not.toBeNull();
  });

  it("a decision racing the lead being stopped never deadlocks and leaves a consistent pair", async () => {
    const { actor, campaign, sender } = await setup();
    for (let round = 0; round < 6; round++) {
      const { draft, campaignLead } = await seedPendingVoiceNote({ actor, campaign, sender });
      const decide = round % 2 ? rejectPendingVoiceNote(actor, draft.id) : approvePendingVoiceNote(actor, draft.id);
      const [decision, stop] = await Promise.allSettled([decide, stopCampaignLead(actor, campaign.id, campaignLead.leadId)]);
      expect(stop.status).toBe("fulfilled");
      const final = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } });
      const lead = await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id } });
      expect(lead.status).toBe("stopped");
      if (decision.status === "rejected") {
        // The stop came first: the trigger withdrew the draft, and the decision was told so.
        expect(decision.reason).toMatchObject({ code: "already-decided" });
        expect(final.status).toBe("cancelled");
        expect(lead.currentStepId).toBe("voice");
      } else if (round % 2) {
        // The rejection came first: the lead moved to the no-reply branch, then was stopped there.
        expect(final.status).toBe("rejected");
        expect(lead.currentStepId).toBe("bump");
      } else {
        // The approval came first; stopping the lead then withdrew the approved, unsent note.
        expect(final.status).toBe("cancelled");
      }
    }
  });
});
