// GET /voices and a sender's voice (PATCH /accounts/{id} voiceId), through the API and the
// dashboard's procedures: only the installation's voices are accepted, null returns to the default,
// and the voice sample is spoken once per voice and served at a signed address.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/server/lib/actor";
import { setFileStorage } from "@/server/providers/storage";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { setSpeechProvider } from "@/server/providers/speech";
import { offlineSpeech } from "@/server/providers/speech/offline-speech";
import type { SpeechProvider } from "@/server/providers/speech/types";
import { checkFileUrl } from "@/server/lib/signed-file-url";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

const session: { actor: Actor | null } = { actor: null };
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "herald-voices-"));
  setFileStorage(createFilesystemStorage(root));
});
afterAll(async () => {
  setFileStorage(undefined);
  setSpeechProvider(undefined);
  await rm(root, { recursive: true, force: true });
});

async function senderWithKey() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const username = `voice.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const connected = await callApi("POST", "/accounts", { key, body: { username, password: "x" } });
  expect(connected.status).toBe(200);
  expect(connected.body!.data.status).toBe("active");
  return { ...context, key, id: connected.body!.data.id as string };
}

describe("voices", () => {
  it("lists the installation's voices with the provider's name", async () => {
    setSpeechProvider(offlineSpeech);
    const { key } = await senderWithKey();
    const response = await callApi("GET", "/voices", { key });
    expect(response.status).toBe(200);
    expect(response.body!.data).toContainEqual({ id: "en-us+f3", name: "English (US), female", language: "en-US", provider: "offline" });
    expect(response.body!.data.length).toBe((await offlineSpeech.listVoices()).length);
  });

  it("answers 503 in plain words when the provider does not answer", async () => {
    const down: SpeechProvider = { ...offlineSpeech, name: "elevenlabs", listVoices: async () => Promise.reject(new Error("ElevenLabs answered HTTP 500")) };
    setSpeechProvider(down);
    try {
      const { key } = await senderWithKey();
      const response = await callApi("GET", "/voices", { key });
      expect(response.status).toBe(503);
      expect(response.body!.error.message).toMatch(/speech provider did not answer/);
    } finally {
      setSpeechProvider(offlineSpeech);
    }
  });

  it("sets a sender's voice, refuses one the installation lacks naming voiceId, and null returns to the default", async () => {
    setSpeechProvider(offlineSpeech);
    const { key, id } = await senderWithKey();
    expect((await callApi("GET", `/accounts/${id}`, { key })).body!.data.voiceId).toBeNull();

    const set = await callApi("PATCH", `/accounts/${id}`, { key, body: { voiceId: "en+f3" } });
    expect(set.status).toBe(200);
    expect(set.body!.data.voiceId).toBe("en+f3");
    expect((await callApi("GET", `/accounts/${id}`, { key })).body!.data.voiceId).toBe("en+f3");

    const unknown = await callApi("PATCH", `/accounts/${id}`, { key, body: { voiceId: "21m00Tcm4TlvDq8ikWAM" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body!.error.code).toBe("invalid-input");
    expect(unknown.body!.error.details.fields[0]).toEqual({ field: "voiceId", message: expect.stringContaining("not one of this installation's voices") });
    expect((await callApi("GET", `/accounts/${id}`, { key })).body!.data.voiceId).toBe("en+f3");

    const empty = await callApi("PATCH", `/accounts/${id}`, { key, body: { voiceId: "" } });
    expect(empty.status).toBe(400);

    const reset = await callApi("PATCH", `/accounts/${id}`, { key, body: { voiceId: null } });
    expect(reset.status).toBe(200);
    expect(reset.body!.data.voiceId).toBeNull();
  });

  it("gives the dashboard the voices and a sample spoken once per voice, at most one new one per 5 seconds per person", async () => {
    let spoken = 0;
    setSpeechProvider({ ...offlineSpeech, synthesize: async (input) => ((spoken += 1), offlineSpeech.synthesize(input)) });
    const { userId, actor, id } = await senderWithKey();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    expect((await caller.senders.voices()).map((voice) => voice.id)).toContain("en-us+m3");
    expect((await caller.senders.update({ id, changes: { voiceId: "fr+f3" } })).voiceId).toBe("fr+f3");

    const sample = await caller.senders.previewVoice({ voiceId: "en-us+m3" });
    expect(sample.mimeType).toBe("audio/wav");
    const url = new URL(sample.url);
    const key = decodeURIComponent(url.pathname.slice("/api/files/".length));
    expect(checkFileUrl(key, url.searchParams.get("expires"), url.searchParams.get("signature"))).toBe("ok");
    expect(spoken).toBe(1);
    // The same voice again: the stored sample, nothing spoken.
    await caller.senders.previewVoice({ voiceId: "en-us+m3" });
    expect(spoken).toBe(1);
    // Another voice at once: refused until 5 seconds have passed.
    await expect(caller.senders.previewVoice({ voiceId: "en-us+f3" })).rejects.toThrow(/every 5 seconds/);
    await expect(caller.senders.previewVoice({ voiceId: "nobody" })).rejects.toThrow(/not one of this installation's voices/);
  });
});
