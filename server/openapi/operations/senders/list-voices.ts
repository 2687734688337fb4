import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZSpeechVoice } from "../../../schemas/approvals";
import { defineOperation } from "../../../http/api-operation";

export const listVoicesOperation = defineOperation({
  operationId: "listVoices",
  method: "get",
  path: "/voices",
  summary: "List the voices AI voice notes can be spoken in",
  description:
    "Beyond the spec. The installation's speech provider's voices (`provider`: `offline` for the built-in eSpeak NG voices, `elevenlabs` for the ElevenLabs account's voices, cloned ones included, `openai` for OpenAI's built-in voices). A sender's `voiceId` (PATCH /accounts/{id}) is one of these ids; a sender without one speaks in the first. 503 `unavailable` when the provider does not answer.",
  tags: ["Senders"],
  response: dataEnvelope(z.array(ZSpeechVoice)),
  errors: ["unavailable"],
});
