// The ElevenLabs adapter against a local stand-in answering in ElevenLabs' documented shapes:
// POST /v1/text-to-speech/{voice_id}?output_format=… (xi-api-key, JSON {text, model_id}) → MP3 bytes,
// GET /v1/voices → {voices: [{voice_id, name, labels}]}.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalHttpFake, type LocalHttpFake } from "../../test/fakes/local-http-fake";
import { isHeraldError } from "../../lib/errors";
import { createElevenLabsSpeech } from "./elevenlabs-speech";
import { MP3_FRAME_MS, silentMp3, silentWav } from "../../test/fakes/silent-audio";

let elevenlabs: LocalHttpFake;

const VOICES = {
  voices: [
    { voice_id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel", category: "premade", labels: { accent: "american", gender: "female", age: "young" } },
    { voice_id: "cln_ada", name: "Ada's own voice", category: "cloned", labels: { language: "en" } },
    { voice_id: "plain", name: "Plain", labels: null },
  ],
};

beforeAll(async () => {
  elevenlabs = await startLocalHttpFake();
});
afterAll(() => elevenlabs.close());
beforeEach(() => {
  elevenlabs.requests.length = 0;
  elevenlabs.handle((request) => {
    if (request.headers["xi-api-key"] !== "xi-key") return { status: 401, body: { detail: { status: "invalid_api_key", message: "Invalid API key" } } };
    if (request.method === "GET" && request.path === "/v1/voices") return { body: VOICES };
    if (request.method === "POST" && request.path.startsWith("/v1/text-to-speech/")) return { headers: { "content-type": "audio/mpeg" }, body: silentMp3(40) };
    return { status: 404, body: { detail: "Not Found" } };
  });
});

describe("the ElevenLabs speech adapter", () => {
  it("speaks the text in the voice with the model, and measures the MP3 it gets back", async () => {
    const speech = createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url, model: "eleven_multilingual_v2" });
    const spoken = await speech.synthesize({ text: "Hi Ada, thanks for connecting.", voiceId: "cln_ada" });
    expect(spoken.mimeType).toBe("audio/mpeg");
    expect(spoken.audio.equals(silentMp3(40))).toBe(true);
    expect(spoken.durationMs).toBe(Math.round(40 * MP3_FRAME_MS));
    const [request] = elevenlabs.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/text-to-speech/cln_ada");
    expect(request!.query.get("output_format")).toBe("mp3_44100_128");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body.toString("utf8"))).toEqual({ text: "Hi Ada, thanks for connecting.", model_id: "eleven_multilingual_v2" });
  });

  it("refuses text past the model's documented limit before the call (10,000 characters for Multilingual v2, 40,000 for Flash v2.5)", async () => {
    const multilingual = createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url });
    expect(multilingual.inputLimit).toBe(10_000);
    const refusal = await multilingual.synthesize({ text: "a".repeat(10_001), voiceId: "plain" }).catch((error: unknown) => error);
    expect(isHeraldError(refusal) && refusal.code).toBe("invalid-input");
    expect(elevenlabs.requests).toHaveLength(0);
    const flash = createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url, model: "eleven_flash_v2_5" });
    expect(flash.inputLimit).toBe(40_000);
    await expect(flash.synthesize({ text: "a".repeat(10_001), voiceId: "plain" })).resolves.toMatchObject({ mimeType: "audio/mpeg" });
    // A model the help centre does not list keeps ElevenLabs' own refusal.
    expect(createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url, model: "eleven_v3" }).inputLimit).toBeUndefined();
  });

  it("uses eleven_multilingual_v2 when no model is configured", async () => {
    await createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url }).synthesize({ text: "Hello", voiceId: "plain" });
    expect(JSON.parse(elevenlabs.requests[0]!.body.toString("utf8")).model_id).toBe("eleven_multilingual_v2");
  });

  it("lists the account's voices with their traits, and defaults to the first once read", async () => {
    const speech = createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url });
    expect(await speech.listVoices()).toEqual([
      { id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel (american, female)", language: null },
      { id: "cln_ada", name: "Ada's own voice", language: "en" },
      { id: "plain", name: "Plain", language: null },
    ]);
    expect(speech.defaultVoiceId()).toBe("21m00Tcm4TlvDq8ikWAM");
    expect(elevenlabs.requests[0]!.headers["xi-api-key"]).toBe("xi-key");
  });

  it("reads the voice list again only after a few minutes", async () => {
    let time = 0;
    const speech = createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url, clock: () => time });
    await speech.listVoices();
    time += 60_000;
    await speech.listVoices();
    expect(elevenlabs.requests).toHaveLength(1);
    time += 5 * 60_000;
    await speech.listVoices();
    expect(elevenlabs.requests).toHaveLength(2);
  });

  it("throws with ElevenLabs' own message on an error status", async () => {
    const speech = createElevenLabsSpeech({ apiKey: "wrong", baseUrl: elevenlabs.url });
    await expect(speech.synthesize({ text: "Hello", voiceId: "plain" })).rejects.toThrow("ElevenLabs answered HTTP 401: Invalid API key");
    await expect(speech.listVoices()).rejects.toThrow("HTTP 401");
    elevenlabs.handle(() => ({ status: 429, body: { detail: { status: "too_many_concurrent_requests", message: "Too many concurrent requests" } } }));
    await expect(createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url }).synthesize({ text: "Hello", voiceId: "plain" })).rejects.toThrow("HTTP 429");
  });

  it("throws when the audio has no readable duration", async () => {
    elevenlabs.handle(() => ({ headers: { "content-type": "audio/mpeg" }, body: Buffer.from("not audio at all") }));
    await expect(createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url }).synthesize({ text: "Hello", voiceId: "plain" })).rejects.toThrow(/duration/);
  });

  it("honours the content type it gets back (WAV measured from its header)", async () => {
    elevenlabs.handle(() => ({ headers: { "content-type": "audio/wav" }, body: silentWav(1500) }));
    const spoken = await createElevenLabsSpeech({ apiKey: "xi-key", baseUrl: elevenlabs.url }).synthesize({ text: "Hello", voiceId: "plain" });
    expect(spoken).toMatchObject({ mimeType: "audio/wav", durationMs: 1500 });
  });
});
