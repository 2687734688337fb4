// Speaks one voice note with the installation's speech provider, in the sender's chosen voice, and
// keeps the audio in file storage. Spends the workspace's AI credits through the ledger: debited
// before the provider is asked, given back when it fails.
import { randomBytes } from "node:crypto";
import { isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getSpeechProvider } from "../../../providers/speech";
import { speechInputTooLong } from "../../../providers/speech/provider-error";
import { getFileStorage } from "../../../providers/storage";
import { debitAiCredits } from "../../credits/debit-ai-credits";
import { refundAiCredits } from "../../credits/refund-ai-credits";
import type { DraftOutcome } from "./draft-outcome";

/** Credits one spoken voice note costs (a re-recording costs the same). */
export const VOICE_NOTE_COST = 2;

export interface SpokenVoiceNote {
  audioKey: string;
  mimeType: string;
  durationMs: number;
  voiceId: string;
  voiceName: string | null;
}

const EXTENSIONS: Record<string, string> = { "audio/wav": "wav", "audio/mpeg": "mp3", "audio/ogg": "ogg", "audio/webm": "webm", "audio/mp4": "m4a" };

/** A new storage key for a workspace's audio: never guessable, never reused. */
export function audioKey(workspaceId: string, mimeType: string): string {
  const extension = EXTENSIONS[mimeType.split(";")[0]!.trim().toLowerCase()] ?? "bin";
  return `audio/${workspaceId}/${randomBytes(16).toString("hex")}.${extension}`;
}

export async function speakVoiceNote(input: { workspaceId: string; reference: string; userId?: string; script: string; voiceId: string | null }): Promise<DraftOutcome<SpokenVoiceNote>> {
  // A script over the provider's limit is refused before credits are spent or the provider is asked.
  const limit = getSpeechProvider().inputLimit;
  if (limit !== undefined && input.script.length > limit) return { ok: false, reason: "input-too-long", message: speechInputTooLong(input.script.length, limit).message };
  try {
    await debitAiCredits({ workspaceId: input.workspaceId, amount: VOICE_NOTE_COST, reason: "voice-note", reference: input.reference, userId: input.userId });
  } catch (error) {
    if (isHeraldError(error) && error.code === "insufficient-credits") return { ok: false, reason: "insufficient-credits", message: "Not enough AI credits to speak the voice note." };
    throw error;
  }
  try {
    const speech = getSpeechProvider();
    const voices = await speech.listVoices();
    const voiceId = input.voiceId && voices.some((voice) => voice.id === input.voiceId) ? input.voiceId : speech.defaultVoiceId();
    const spoken = await speech.synthesize({ text: input.script, voiceId });
    const key = audioKey(input.workspaceId, spoken.mimeType);
    await getFileStorage().put(key, spoken.audio, spoken.mimeType);
    return {
      ok: true,
      value: { audioKey: key, mimeType: spoken.mimeType, durationMs: spoken.durationMs, voiceId, voiceName: voices.find((voice) => voice.id === voiceId)?.name ?? null },
    };
  } catch (error) {
    logger.warn("Speaking a voice note failed; the credits are refunded", { reference: input.reference, error });
    await refundAiCredits({ workspaceId: input.workspaceId, amount: VOICE_NOTE_COST, reference: input.reference });
    return { ok: false, reason: "provider-failed", message: "The speech provider could not speak the voice note; Herald tries again later." };
  }
}
