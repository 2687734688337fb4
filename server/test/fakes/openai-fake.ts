// OpenAI (or an OpenAI-compatible server) for tests, on the local HTTP fake: chat completions and
// speech, answering the documented refusals the real service gives, so an adapter that sends what
// OpenAI refuses fails here too.
//   - `max_tokens` is deprecated and "not compatible with o-series models" (API reference, Create chat
//     completion: https://platform.openai.com/docs/api-reference/chat/create#chat-create-max_tokens);
//     OpenAI answers 400 {error: {message: "Unsupported parameter: 'max_tokens' is not supported with
//     this model. Use 'max_completion_tokens' instead.", type: "invalid_request_error", param:
//     "max_tokens", code: "unsupported_parameter"}} for reasoning models (o1, o3, o4-mini, gpt-5…).
//   - Reasoning models take only the default temperature (1): another value is a 400 {error: {message:
//     "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1)
//     value is supported.", type: "invalid_request_error", param: "temperature", code:
//     "unsupported_value"}} (OpenAI's answer as reported for o1/o3, e.g. cline/cline#341,
//     leafo/lua-openai#12; the reference lists temperature among the parameters reasoning models do
//     not support: https://platform.openai.com/docs/guides/reasoning).
//   - Speech input: "The maximum length is 4096 characters" (API reference, Create speech:
//     https://platform.openai.com/docs/api-reference/audio/createSpeech#audio-createspeech-input);
//     longer input is a 400 invalid_request_error naming `input`.
//   - mode "compatible" stands for an older OpenAI-compatible server (older Azure OpenAI API versions)
//     that knows only `max_tokens`: it refuses `max_completion_tokens` with Azure's documented
//     "Unrecognized request argument supplied" and takes `max_tokens` for any model.
import type { FakeAnswer, FakeRequest } from "./local-http-fake";

export const SPEECH_INPUT_LIMIT = 4096;

/** A model name OpenAI treats as a reasoning model: o1, o3-mini, o4-mini, gpt-5, gpt-5-mini… */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model);
}

function refusal(message: string, param: string | null, code: string | null): FakeAnswer {
  return { status: 400, body: { error: { message, type: "invalid_request_error", param, code } } };
}

export function openAiFake(options: { mode?: "openai" | "compatible"; reply?: (body: Record<string, unknown>) => string; audio?: () => Buffer }): (request: FakeRequest) => FakeAnswer {
  const mode = options.mode ?? "openai";
  return (request) => {
    if (request.method !== "POST") return { status: 404, body: { error: { message: "Unknown path", type: "invalid_request_error" } } };
    const body = JSON.parse(request.body.toString("utf8") || "{}") as Record<string, unknown>;
    const model = String(body.model ?? "");
    if (request.path.endsWith("/chat/completions")) {
      if (mode === "compatible" && "max_completion_tokens" in body) return refusal("Unrecognized request argument supplied: max_completion_tokens", null, null);
      if (mode === "openai" && "max_tokens" in body && isReasoningModel(model)) {
        return refusal("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "max_tokens", "unsupported_parameter");
      }
      if (mode === "openai" && body.temperature !== undefined && body.temperature !== 1 && isReasoningModel(model)) {
        return refusal(`Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`, "temperature", "unsupported_value");
      }
      const content = options.reply?.(body) ?? "neutral";
      return { body: { id: "chatcmpl-1", object: "chat.completion", created: 1, model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] } };
    }
    if (request.path.endsWith("/audio/speech")) {
      const input = String(body.input ?? "");
      if (input.length > SPEECH_INPUT_LIMIT) return refusal(`String should have at most ${SPEECH_INPUT_LIMIT} characters`, "input", "string_too_long");
      return { headers: { "content-type": "audio/mpeg" }, body: options.audio?.() ?? Buffer.alloc(0) };
    }
    return { status: 404, body: { error: { message: "Unknown path", type: "invalid_request_error" } } };
  };
}
