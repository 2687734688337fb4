// The voices AI voice notes can be spoken in: the installation's speech provider's list (eSpeak's
// voices offline, the ElevenLabs account's voices, OpenAI's built-in ones). One list for the
// whole installation: senders pick one (PATCH /accounts/{id} voiceId).
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { getSpeechProvider } from "../../providers/speech";
import type { TSpeechVoice } from "../../schemas/approvals";

export async function listSpeechVoices(actor: Actor): Promise<TSpeechVoice[]> {
  void actor; // Any member of a workspace may see the voices; the actor proves one is asking.
  const speech = getSpeechProvider();
  try {
    const voices = await speech.listVoices();
    return voices.map((voice) => ({ id: voice.id, name: voice.name, language: voice.language, provider: speech.name }));
  } catch (error) {
    logger.warn("Listing the speech provider's voices failed", { provider: speech.name, error });
    throw new HeraldError({ code: "unavailable", message: "The speech provider did not answer with its voices just now; try again in a moment." });
  }
}

/** Refuses a voice the installation's provider does not have, naming the field. */
export async function assertSpeechVoice(actor: Actor, voiceId: string): Promise<void> {
  const voices = await listSpeechVoices(actor);
  if (!voices.some((voice) => voice.id === voiceId)) {
    const message = "is not one of this installation's voices";
    throw HeraldError.invalidInput(`Invalid voiceId: ${message}`, [{ field: "voiceId", message }]);
  }
}
