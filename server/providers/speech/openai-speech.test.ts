// The OpenAI speech adapter against a local stand-in answering in OpenAI's documented shape:
// POST {base}/audio/speech, Bearer key, JSON {model, input, voice, response_format} → audio bytes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalHttpFake, type LocalHttpFake } from "../../test/fakes/local-http-fake";
import { isHeraldError } from "../../lib/errors";
import { openAiFake } from "../../test/fakes/openai-fake";
import { createOpenAiSpeech, openAiVoices } from "./openai-speech";
import { MP3_FRAME_MS, silentMp3 } from "../../test/fakes/silent-audio";

let openai: LocalHttpFake;

beforeAll(async () => {
  openai = await startLocalHttpFake();
});
afterAll(() => openai.close());
beforeEach(() => {
  openai.requests.length = 0;
  openai.handle((request) =>
    request.method === "POST" && request.path === "/v1/audio/speech"
      ? { headers: { "content-type": "audio/mpeg" }, body: silentMp3(77) }
      : { status: 404, body: { error: { message: "Unknown path", type: "invalid_request_error" } } },
  );
});

describe("the OpenAI speech adapter", () => {
  it("speaks the text with the model and voice as MP3, and measures it", async () => {
    const speech = createOpenAiSpeech({ baseUrl: `${openai.url}/v1/`, apiKey: "sk-speech", model: "gpt-4o-mini-tts" });
    const spoken = await speech.synthesize({ text: "Hi Ada, loved your post.", voiceId: "coral" });
    expect(spoken.mimeType).toBe("audio/mpeg");
    expect(spoken.durationMs).toBe(Math.round(77 * MP3_FRAME_MS));
    const [request] = openai.requests;
    expect(request!.headers.authorization).toBe("Bearer sk-speech");
    expect(JSON.parse(request!.body.toString("utf8"))).toEqual({ model: "gpt-4o-mini-tts", input: "Hi Ada, loved your post.", voice: "coral", response_format: "mp3" });
  });

  it("defaults to gpt-4o-mini-tts and takes MP3 labelled as bytes from a compatible server", async () => {
    openai.handle(() => ({ headers: { "content-type": "application/octet-stream" }, body: silentMp3(10) }));
    const spoken = await createOpenAiSpeech({ baseUrl: `${openai.url}/v1` }).synthesize({ text: "Hello", voiceId: "alloy" });
    expect(spoken.mimeType).toBe("audio/mpeg");
    expect(JSON.parse(openai.requests[0]!.body.toString("utf8")).model).toBe("gpt-4o-mini-tts");
    expect(openai.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("lists OpenAI's built-in voices for the model, the first as default", async () => {
    const speech = createOpenAiSpeech({ baseUrl: openai.url, model: "gpt-4o-mini-tts" });
    const voices = await speech.listVoices();
    expect(voices.map((voice) => voice.id)).toEqual(expect.arrayContaining(["alloy", "coral", "nova", "shimmer", "ballad", "verse"]));
    expect(voices.find((voice) => voice.id === "coral")).toEqual({ id: "coral", name: "Coral", language: null });
    expect(speech.defaultVoiceId()).toBe("alloy");
    expect(openAiVoices("tts-1").map((voice) => voice.id)).not.toContain("ballad");
    expect(openai.requests).toHaveLength(0);
  });

  it("throws with OpenAI's message on an error status", async () => {
    openai.handle(() => ({ status: 400, body: { error: { message: "Invalid voice", type: "invalid_request_error" } } }));
    await expect(createOpenAiSpeech({ baseUrl: openai.url, apiKey: "k" }).synthesize({ text: "Hello", voiceId: "nobody" })).rejects.toThrow("OpenAI answered HTTP 400: Invalid voice");
    openai.handle(() => ({ status: 500, body: "upstream broke" }));
    await expect(createOpenAiSpeech({ baseUrl: openai.url, apiKey: "k" }).synthesize({ text: "Hello", voiceId: "alloy" })).rejects.toThrow("HTTP 500: upstream broke");
  });

  it("refuses text past OpenAI's documented 4,096 characters before the call, in words, as invalid input", async () => {
    // The fake refuses over-long input the way OpenAI does: the adapter must not rely on that.
    openai.handle(openAiFake({ audio: () => silentMp3(10) }));
    const speech = createOpenAiSpeech({ baseUrl: `${openai.url}/v1`, apiKey: "k" });
    expect(speech.inputLimit).toBe(4096);
    await expect(speech.synthesize({ text: "a".repeat(4096), voiceId: "alloy" })).resolves.toMatchObject({ mimeType: "audio/mpeg" });
    const refusal = await speech.synthesize({ text: "a".repeat(5120), voiceId: "alloy" }).catch((error: unknown) => error);
    expect(isHeraldError(refusal) && { code: refusal.code, message: refusal.message }).toEqual({
      code: "invalid-input",
      message: "The voice note's text is 5,120 characters; the speech provider takes at most 4,096. Shorten the script.",
    });
    expect(openai.requests).toHaveLength(1);
  });

  it("the fake answers over-long input with OpenAI's 400, as the real service would", async () => {
    openai.handle(openAiFake({}));
    const response = await fetch(`${openai.url}/v1/audio/speech`, { method: "POST", body: JSON.stringify({ model: "gpt-4o-mini-tts", input: "a".repeat(4097), voice: "alloy" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", param: "input" } });
  });
});
