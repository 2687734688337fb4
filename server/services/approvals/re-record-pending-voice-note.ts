// Speaks a pending voice note again (optionally from an edited script, its placeholders filled in
// for the lead), in the sender's chosen voice, spending AI credits; it stays pending. New audio that
// cannot be made (no credits, the speech provider failed) leaves the note as it was.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { renderCopy } from "../../domain/sequence/render-copy";
import { copySeed, fieldSeed } from "../../domain/sequence/spintax";
import { ZReRecordVoiceNoteInput, type TPendingVoiceNote } from "../../schemas/approvals";
import { mergeFields } from "../campaigns/lead-merge-fields";
import { refundAiCredits } from "../credits/refund-ai-credits";
import { speakVoiceNote, VOICE_NOTE_COST } from "../campaigns/drafts/speak-voice-note";
import { alreadyDecided, requirePending } from "./decide-draft";
import { draftStep } from "./draft-step";
import { getPendingVoiceNote } from "./get-pending-voice-note";
import { replaceVoiceNoteAudio } from "./replace-voice-note-audio";

export async function reRecordPendingVoiceNote(actor: Actor, id: string, input: { script?: string }): Promise<TPendingVoiceNote> {
  const { script: edited } = parseInput(ZReRecordVoiceNoteInput, input ?? {});
  const draft = await db.pendingVoiceNote.findFirst({ where: { id, workspaceId: actor.workspaceId }, include: { campaignLead: { include: { lead: true } } } });
  if (!draft) throw HeraldError.notFound("Voice note");
  requirePending("voice_note", draft);
  let script = draft.script;
  if (edited) {
    const found = await draftStep(draft);
    const fallback = found?.variant?.fallbackScript ?? found?.step.config.fallbackScript;
    const seed = fieldSeed(copySeed(draft.campaignLeadId, draft.stepId, found?.variant?.id ?? "a"), "script");
    script = renderCopy(edited, fallback, mergeFields(draft.campaignLead.lead, draft.campaignLead), seed).text;
  }
  if (!script) throw HeraldError.invalidInput("This voice note is a recording without a script: give the script to speak.", [{ field: "script", message: "is required for a recording" }]);
  const sender = await db.linkedinAccount.findUnique({ where: { id: draft.linkedinAccountId }, select: { voiceId: true } });

  const outcome = await speakVoiceNote({ workspaceId: actor.workspaceId, reference: draft.id, userId: actor.userId, script, voiceId: sender?.voiceId ?? draft.voiceId });
  if (!outcome.ok) {
    if (outcome.reason === "input-too-long") throw HeraldError.invalidInput(outcome.message, [{ field: "script", message: "is longer than the speech provider takes" }]);
    throw outcome.reason === "insufficient-credits"
      ? new HeraldError({ code: "insufficient-credits", message: `Not enough AI credits to record the voice note again (it costs ${VOICE_NOTE_COST}); the current recording is kept. A workspace owner or admin can add credits under Settings → AI credits.` })
      : new HeraldError({ code: "unavailable", message: "The speech provider could not record the voice note just now; the current recording is kept. Try again in a moment.", retryAfterSeconds: 30 });
  }
  const spoken = outcome.value;
  const replaced = await replaceVoiceNoteAudio(draft, {
    audioKey: spoken.audioKey,
    audioMimeType: spoken.mimeType,
    durationMs: spoken.durationMs,
    voiceId: spoken.voiceId,
    voiceName: spoken.voiceName,
    script,
    generations: { increment: 1 },
    recordedById: null,
  });
  if (!replaced) {
    await refundAiCredits({ workspaceId: actor.workspaceId, amount: VOICE_NOTE_COST, reference: draft.id });
    const current = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id }, select: { status: true } });
    throw alreadyDecided("voice_note", current.status);
  }
  return getPendingVoiceNote(actor, id);
}
