// The voice notes over the API with an API key: list and get (signed audio addresses), approve,
// re-record (AI credits, the old audio deleted), reject as the spec shows it ({data: <pending voice
// note>}, the lead on the no-reply branch), a person's own recording, 409 and 404.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { checkFileUrl } from "@/server/lib/signed-file-url";
import { setSpeechProvider } from "@/server/providers/speech";
import { getFileStorage } from "@/server/providers/storage";
import { approvalCampaign, approvalSender, seedPendingVoiceNote, silentWav, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import * as filesRoute from "@/app/api/files/[...key]/route";

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-11-24T10:00:00Z");
  setClock(clock);
  useTemporaryFileStorage();
  setSpeechProvider({
    name: "offline",
    listVoices: async () => [{ id: "plain", name: "Plain", language: "en" }],
    defaultVoiceId: () => "plain",
    synthesize: async () => ({ audio: silentWav(2500), mimeType: "audio/wav", durationMs: 2500 }),
  });
});
afterEach(() => {
  setClock(systemClock);
  setSpeechProvider(undefined);
});

async function queueWithKey() {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: 2 } });
  const { key } = await createTestApiKey(context.actor);
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  const first = await seedPendingVoiceNote({ actor: context.actor, campaign, sender, createdAt: new Date("2026-11-24T09:00:00Z") });
  const second = await seedPendingVoiceNote({ actor: context.actor, campaign, sender, createdAt: new Date("2026-11-24T09:30:00Z") });
  return { ...context, key, sender, campaign, first, second };
}

const post = (action: string, id: string, key: string, body?: unknown) =>
  callApi("POST", `/pending-voice-notes/${id}/${action}`, { key, body });

function audioKeyOf(audioUrl: string): { key: string; check: ReturnType<typeof checkFileUrl> } {
  const url = new URL(audioUrl);
  const key = decodeURIComponent(url.pathname.replace(/^\/api\/files\//, ""));
  return { key, check: checkFileUrl(key, url.searchParams.get("expires"), url.searchParams.get("signature")) };
}

describe("the pending voice notes API", () => {
  it("lists and gets voice notes with signed audio addresses that expire", async () => {
    const { key, first, second } = await queueWithKey();
    const page = await callApi("GET", "/pending-voice-notes", { key });
    expect(page.status).toBe(200);
    expect(page.body!.paging).toEqual({ limit: 50, offset: 0, total: 2 });
    expect(page.body!.data.map((note: { id: string }) => note.id)).toEqual([first.draft.id, second.draft.id]);
    const read = await callApi("GET", `/pending-voice-notes/${first.draft.id}`, { key });
    expect(read.body!.data).toMatchObject({ id: first.draft.id, kind: "ai", audioMimeType: "audio/wav", durationMs: 1500, script: "Hi Ada, a quick word about Analytical Engines", recordedByPerson: false });
    const audio = audioKeyOf(read.body!.data.audioUrl);
    expect(audio).toEqual({ key: first.draft.audioKey, check: "ok" });
    const url = new URL(read.body!.data.audioUrl);
    // The address serves the note's audio (GET /api/files/<key>), and refuses once its key is changed.
    const served = await filesRoute.GET(new Request(url), { params: Promise.resolve({ key: audio.key.split("/") }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("audio/wav");
    expect(Buffer.from(await served.arrayBuffer()).equals((await getFileStorage().get(first.draft.audioKey))!.body)).toBe(true);
    const otherKey = second.draft.audioKey;
    const tampered = await filesRoute.GET(new Request(url), { params: Promise.resolve({ key: otherKey.split("/") }) });
    expect(tampered.status).toBe(403);
    const later = new Date(new Date(read.body!.data.audioUrlExpiresAt).getTime() + 1000);
    expect(checkFileUrl(audio.key, url.searchParams.get("expires"), url.searchParams.get("signature"), later)).toBe("expired");
  });

  it("approves, then answers 409 already-decided", async () => {
    const { key, first } = await queueWithKey();
    const approved = await post("approve", first.draft.id, key);
    expect(approved.status).toBe(200);
    expect(approved.body!.data).toMatchObject({ status: "approved", decidedAt: clock.now().toISOString() });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: first.campaignLead.id } })).toMatchObject({ phase: "ready" });
    const rejected = await post("reject", first.draft.id, key);
    expect(rejected).toMatchObject({ status: 409, body: { error: { code: "already-decided", message: "This voice note was already approved." } } });
  });

  it("rejects as the spec shows it: {data: <pending voice note>}, the lead on the no-reply branch", async () => {
    const { key, second } = await queueWithKey();
    const rejected = await post("reject", second.draft.id, key);
    expect(rejected.status).toBe(200);
    expect(rejected.body!.data).toMatchObject({
      id: second.draft.id,
      campaignId: second.draft.campaignId,
      campaignLeadId: second.campaignLead.id,
      leadId: second.lead.id,
      stepId: "voice",
      variantId: null,
      status: "rejected",
      voiceId: "en",
      voiceName: "English",
      firstName: "Ada",
      lastName: "Lovelace",
      headline: "Engines and numbers",
      profileUrl: second.lead.profileUrl,
      publicIdentifier: second.lead.publicIdentifier,
      sentAt: null,
    });
    expect(await db.campaignLead.findUniqueOrThrow({ where: { id: second.campaignLead.id } })).toMatchObject({ currentStepId: "bump", phase: "ready" });
  });

  it("re-records with an edited script, spending credits and deleting the old audio; out of credits is a 409", async () => {
    const { key, first } = await queueWithKey();
    const again = await post("re-record", first.draft.id, key, { script: "Hello {{firstName}}" });
    expect(again.status).toBe(200);
    expect(again.body!.data).toMatchObject({ status: "pending", script: "Hello Ada", durationMs: 2500, voiceId: "plain" });
    const { key: newKey } = audioKeyOf(again.body!.data.audioUrl);
    expect(newKey).not.toBe(first.draft.audioKey);
    expect(await getFileStorage().get(first.draft.audioKey)).toBeNull();
    expect(await getFileStorage().get(newKey)).not.toBeNull();
    const broke = await post("re-record", first.draft.id, key);
    expect(broke).toMatchObject({ status: 402, body: { error: { code: "insufficient-credits" } } });
    const empty = await post("re-record", first.draft.id, key, { script: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body!.error.details.fields).toEqual([{ field: "script", message: "must not be empty" }]);
  });

  it("takes a person's own recording, refusing bad audio naming the field", async () => {
    const { key, first } = await queueWithKey();
    const recording = silentWav(4000);
    const uploaded = await post("recording", first.draft.id, key, { audio: recording.toString("base64"), mimeType: "audio/wav" });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body!.data).toMatchObject({ status: "pending", recordedByPerson: true, durationMs: 4000 });
    expect((await getFileStorage().get(audioKeyOf(uploaded.body!.data.audioUrl).key))?.body.equals(recording)).toBe(true);
    const notAudio = await post("recording", first.draft.id, key, { audio: Buffer.from("hello").toString("base64"), mimeType: "audio/ogg" });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body!.error.details.fields[0].field).toBe("audio");
    const wrongType = await post("recording", first.draft.id, key, { audio: recording.toString("base64"), mimeType: "video/mp4" });
    expect(wrongType.body!.error.details.fields).toEqual([
      { field: "mimeType", message: "is not a type Herald takes here; send one of audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav, audio/aac or audio/flac" },
    ]);
    // A list of types is refused too (the old check let anything follow the first ';').
    const list = await post("recording", first.draft.id, key, { audio: recording.toString("base64"), mimeType: "audio/wav;,text/html" });
    expect(list.body!.error.details.fields).toEqual([{ field: "mimeType", message: expect.stringMatching(/^must be a single type without parameters or lists/) }]);
  });

  it("answers 404 for another workspace's voice note, whatever the operation", async () => {
    const { first } = await queueWithKey();
    const { key } = await createTestApiKey((await createTestWorkspace()).actor);
    const id = first.draft.id;
    expect((await callApi("GET", `/pending-voice-notes/${id}`, { key })).status).toBe(404);
    for (const [action, body] of [
      ["approve", undefined],
      ["re-record", undefined],
      ["reject", undefined],
      ["recording", { audio: silentWav(1000).toString("base64"), mimeType: "audio/wav" }],
    ] as const) {
      const answer = await post(action, id, key, body);
      expect(answer, action).toMatchObject({ status: 404, body: { error: { code: "not-found", message: "Voice note not found" } } });
    }
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", audioKey: first.draft.audioKey });
  });
});
