// Which speech provider the installation's settings pick, and the plain refusals when a provider is
// chosen without what it needs.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { speechProviderFromEnv } from "./index";

describe("speech settings", () => {
  it("speaks offline by default", () => {
    expect(speechProviderFromEnv(parseEnv({})).name).toBe("offline");
  });

  it("picks ElevenLabs with a key, and refuses to start without one", () => {
    expect(speechProviderFromEnv(parseEnv({ HERALD_SPEECH_PROVIDER: "elevenlabs", HERALD_SPEECH_API_KEY: "xi" })).name).toBe("elevenlabs");
    expect(() => parseEnv({ HERALD_SPEECH_PROVIDER: "elevenlabs" })).toThrow(/HERALD_SPEECH_API_KEY: is required when HERALD_SPEECH_PROVIDER=elevenlabs/);
  });

  it("picks OpenAI with its own key or the classifier's, and refuses to start with neither key nor server", () => {
    expect(speechProviderFromEnv(parseEnv({ HERALD_SPEECH_PROVIDER: "openai", HERALD_SPEECH_API_KEY: "sk" })).name).toBe("openai");
    expect(speechProviderFromEnv(parseEnv({ HERALD_SPEECH_PROVIDER: "openai", HERALD_AI_API_KEY: "sk" })).name).toBe("openai");
    expect(speechProviderFromEnv(parseEnv({ HERALD_SPEECH_PROVIDER: "openai", HERALD_SPEECH_BASE_URL: "http://127.0.0.1:8000/v1" })).name).toBe("openai");
    expect(() => parseEnv({ HERALD_SPEECH_PROVIDER: "openai" })).toThrow(/HERALD_SPEECH_API_KEY: is required when HERALD_SPEECH_PROVIDER=openai/);
  });

  it("names an unknown provider in plain words", () => {
    expect(() => parseEnv({ HERALD_SPEECH_PROVIDER: "polly" })).toThrow(/HERALD_SPEECH_PROVIDER: must be offline, elevenlabs or openai/);
  });
});
