// Changing a pending draft without deciding it, against a real PostgreSQL and file storage: editing
// a comment, writing a new one (AI credits in the ledger, the old draft kept when it cannot be
// written), speaking a voice note again (placeholders filled in, the sender's voice, the old audio
// removed) and replacing it with a person's own recording.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { isHeraldError } from "@/server/lib/errors";
import { setTextGenerator } from "@/server/providers/ai";
import { offlineTextGenerator } from "@/server/providers/ai/offline-text-generator";
import { setSpeechProvider } from "@/server/providers/speech";
import { createOpenAiSpeech } from "@/server/providers/speech/openai-speech";
import type { SpeechProvider } from "@/server/providers/speech/types";
import { getFileStorage } from "@/server/providers/storage";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, silentWav, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { startLocalHttpFake } from "@/server/test/fakes/local-http-fake";
import { openAiFake } from "@/server/test/fakes/openai-fake";
import { approvePendingComment } from "./approve-pending-comment";
import { editPendingComment } from "./edit-pending-comment";
import { rejectPendingVoiceNote } from "./reject-pending-voice-note";
import { regeneratePendingComment } from "./regenerate-pending-comment";
import { reRecordPendingVoiceNote } from "./re-record-pending-voice-note";
import { uploadVoiceNoteRecording } from "./upload-voice-note-recording";

let clock: ManualClock;
const spoken: Array<{ text: string; voiceId: string }> = [];

/** A speech provider answering like a real one, recording what it was asked to say. */
const recordingSpeech: SpeechProvider = {
  name: "offline",
  listVoices: async () => [
    { id: "plain", name: "Plain", language: "en" },
    { id: "warm", name: "Warm", language: "en" },
  ],
  defaultVoiceId: () => "plain",
  synthesize: async (input) => {
    spoken.push(input);
    return { audio: silentWav(2000), mimeType: "audio/wav", durationMs: 2000 };
  },
};

beforeEach(() => {
  clock = new ManualClock("2026-11-24T10:00:00Z");
  setClock(clock);
  useTemporaryFileStorage();
  spoken.length = 0;
});
afterEach(() => {
  setClock(systemClock);
  setTextGenerator(undefined);
  setSpeechProvider(undefined);
});

async function setup(credits = 10) {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { aiCreditBalance: credits } });
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  return { ...context, sender, campaign };
}

// The clock stands still, so entries of one test share a time: debits first, then by falling balance.
const ledger = (workspaceId: string) =>
  db.aiCreditLedgerEntry.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "asc" }, { amount: "asc" }, { balanceAfter: "desc" }], select: { amount: true, balanceAfter: true, reason: true, reference: true, createdById: true } });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isHeraldError(error)) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("expected a HeraldError");
}

describe("editing a comment", () => {
  it("changes the text and keeps it pending; a decided comment cannot be edited", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft } = await seedPendingComment({ actor, campaign, sender });
    clock.advance(60_000);
    const edited = await editPendingComment(actor, draft.id, { comment: "Lovely work, Ada." });
    expect(edited).toMatchObject({ status: "pending", comment: "Lovely work, Ada.", updatedAt: clock.now().toISOString(), generations: 1 });
    expect(await failure(editPendingComment(actor, draft.id, { comment: " " }))).toMatchObject({ code: "invalid-input", details: { fields: [{ field: "comment", message: "must not be empty" }] } });
    await approvePendingComment(actor, draft.id, {});
    expect(await failure(editPendingComment(actor, draft.id, { comment: "Too late" }))).toMatchObject({ code: "already-decided", message: "This comment was already approved." });
    expect(await failure(editPendingComment((await createTestWorkspace()).actor, draft.id, { comment: "Not yours" }))).toMatchObject({ code: "not-found" });
  });
});

describe("regenerating a comment", () => {
  it("writes a new draft from the step's prompt, or the one given, spending one credit each", async () => {
    const { actor, campaign, sender, workspace, userId } = await setup(5);
    const { draft } = await seedPendingComment({ actor, campaign, sender, comment: "First draft" });
    const asked: string[] = [];
    setTextGenerator({ ...offlineTextGenerator, name: "test", draftComment: async (input) => (asked.push(input.prompt), `Draft about "${input.post.text}" for ${input.lead.firstName}`) });
    const again = await regeneratePendingComment(actor, draft.id, {});
    expect(again).toMatchObject({ status: "pending", comment: 'Draft about "We launched the Analytical Engine today." for Ada', generations: 2, prompt: "Congratulate them on the post" });
    const custom = await regeneratePendingComment(actor, draft.id, { prompt: "Ask about the engine's speed" });
    expect(custom).toMatchObject({ generations: 3, prompt: "Ask about the engine's speed" });
    expect(asked).toEqual(["Congratulate them on the post", "Ask about the engine's speed"]);
    expect(await ledger(workspace.id)).toEqual([
      { amount: -1, balanceAfter: 4, reason: "comment-draft", reference: draft.id, createdById: userId },
      { amount: -1, balanceAfter: 3, reason: "comment-draft", reference: draft.id, createdById: userId },
    ]);
  });

  it("without credits: 402 insufficient-credits, the draft kept, nothing in the ledger", async () => {
    const { actor, campaign, sender, workspace } = await setup(0);
    const { draft } = await seedPendingComment({ actor, campaign, sender, comment: "First draft" });
    const refused = await failure(regeneratePendingComment(actor, draft.id, {}));
    expect(refused.code).toBe("insufficient-credits");
    expect(refused.message).toMatch(/the current draft is kept/);
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ comment: "First draft", generations: 1 });
    expect(await ledger(workspace.id)).toEqual([]);
  });

  it("when the model fails: a clear error, the draft kept, the credit given back", async () => {
    const { actor, campaign, sender, workspace, userId } = await setup(3);
    const { draft } = await seedPendingComment({ actor, campaign, sender, comment: "First draft" });
    setTextGenerator({ ...offlineTextGenerator, name: "broken", draftComment: async () => Promise.reject(new Error("model overloaded")) });
    const refused = await failure(regeneratePendingComment(actor, draft.id, {}));
    expect(refused).toMatchObject({ code: "unavailable", message: "The AI model could not write a new draft just now; the current draft is kept. Try again in a moment." });
    expect(await db.pendingComment.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ comment: "First draft", generations: 1 });
    expect(await ledger(workspace.id)).toEqual([
      { amount: -1, balanceAfter: 2, reason: "comment-draft", reference: draft.id, createdById: userId },
      { amount: 1, balanceAfter: 3, reason: "refund", reference: draft.id, createdById: null },
    ]);
  });
});

describe("re-recording a voice note", () => {
  it("speaks the edited script with the lead's merge fields in the sender's voice, replaces the audio and removes the old", async () => {
    setSpeechProvider(recordingSpeech);
    const { actor, campaign, sender, workspace, userId } = await setup(5);
    await db.linkedinAccount.update({ where: { id: sender.id }, data: { voiceId: "warm" } });
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    expect(await getFileStorage().get(draft.audioKey)).not.toBeNull();
    const again = await reRecordPendingVoiceNote(actor, draft.id, { script: "Hello {{firstName}} from {{company}}!" });
    expect(spoken).toEqual([{ text: "Hello Ada from Analytical Engines!", voiceId: "warm" }]);
    expect(again).toMatchObject({ status: "pending", script: "Hello Ada from Analytical Engines!", voiceId: "warm", voiceName: "Warm", durationMs: 2000, recordedByPerson: false });
    const row = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.generations).toBe(2);
    expect(row.audioKey).not.toBe(draft.audioKey);
    expect(await getFileStorage().get(draft.audioKey)).toBeNull();
    expect((await getFileStorage().get(row.audioKey))?.body.length).toBe(silentWav(2000).length);
    expect(again.audioUrl).toContain(row.audioKey);
    expect(await ledger(workspace.id)).toEqual([{ amount: -2, balanceAfter: 3, reason: "voice-note", reference: draft.id, createdById: userId }]);
  });

  it("without a script speaks the same script again; the fallback script fills in a missing placeholder", async () => {
    setSpeechProvider(recordingSpeech);
    const { actor, campaign, sender } = await setup(5);
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    await reRecordPendingVoiceNote(actor, draft.id, {});
    await reRecordPendingVoiceNote(actor, draft.id, { script: "Hi {{firstName}}, about {{customField}}" });
    expect(spoken.map((call) => call.text)).toEqual(["Hi Ada, a quick word about Analytical Engines", "Hi there, a quick word"]);
  });

  it("without credits or when speech fails, the audio is kept", async () => {
    const { actor, campaign, sender, workspace } = await setup(1);
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    expect((await failure(reRecordPendingVoiceNote(actor, draft.id, {}))).code).toBe("insufficient-credits");
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 2 } });
    setSpeechProvider({ ...recordingSpeech, synthesize: async () => Promise.reject(new Error("speech down")) });
    expect(await failure(reRecordPendingVoiceNote(actor, draft.id, {}))).toMatchObject({ code: "unavailable" });
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ audioKey: draft.audioKey, generations: 1 });
    expect(await getFileStorage().get(draft.audioKey)).not.toBeNull();
    expect((await ledger(workspace.id)).map((entry) => entry.amount)).toEqual([-2, 2]);
  });

  it("a script longer than OpenAI speaks is refused in plain words before any credit or call, the audio kept", async () => {
    const openai = await startLocalHttpFake(openAiFake({}));
    try {
      setSpeechProvider(createOpenAiSpeech({ baseUrl: `${openai.url}/v1`, apiKey: "sk" }));
      const { actor, campaign, sender, workspace } = await setup(5);
      const { draft, lead } = await seedPendingVoiceNote({ actor, campaign, sender });
      // The script is within its 2,000 characters; the lead's company fills it past OpenAI's 4,096.
      await db.lead.update({ where: { id: lead.id }, data: { company: "A".repeat(5110) } });
      const refused = await failure(reRecordPendingVoiceNote(actor, draft.id, { script: "Hello {{company}}" }));
      expect(refused).toMatchObject({ code: "invalid-input", message: "The voice note's text is 5,116 characters; the speech provider takes at most 4,096. Shorten the script." });
      expect(refused.details).toEqual({ fields: [{ field: "script", message: "is longer than the speech provider takes" }] });
      expect(openai.requests).toHaveLength(0);
      expect(await ledger(workspace.id)).toEqual([]);
      expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ audioKey: draft.audioKey, generations: 1 });
    } finally {
      await openai.close();
    }
  });

  it("a decided voice note cannot be re-recorded", async () => {
    const { actor, campaign, sender } = await setup(5);
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    await rejectPendingVoiceNote(actor, draft.id);
    expect(await failure(reRecordPendingVoiceNote(actor, draft.id, {}))).toMatchObject({ code: "already-decided", message: "This voice note was already rejected." });
  });
});

describe("uploading a recording", () => {
  it("replaces the audio with the person's own, its length read from the file; no credits spent", async () => {
    const { actor, campaign, sender, workspace, userId } = await setup(0);
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    const recording = silentWav(3200);
    const uploaded = await uploadVoiceNoteRecording(actor, draft.id, { audio: recording.toString("base64"), mimeType: "audio/wav", durationMs: 9000 });
    expect(uploaded).toMatchObject({ status: "pending", recordedByPerson: true, durationMs: 3200, audioMimeType: "audio/wav", voiceId: null });
    const row = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.recordedById).toBe(userId);
    expect((await getFileStorage().get(row.audioKey))?.body.equals(recording)).toBe(true);
    expect(await getFileStorage().get(draft.audioKey)).toBeNull();
    expect(await ledger(workspace.id)).toEqual([]);
  });

  it("takes a browser's MediaRecorder WebM, whose length only the recorder knows", async () => {
    // Recorded in Chromium (MediaRecorder, audio/webm;codecs=opus, 1.5 s of a tone): its segment's
    // size is unknown, as every live recording's is, so the file cannot say how long it is.
    const webm = readFileSync(join(import.meta.dirname, "../../test/fixtures/browser-recording.webm"));
    const { actor, campaign, sender } = await setup();
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    const input = { audio: webm.toString("base64"), mimeType: "audio/webm;codecs=opus" };
    const refused = await failure(uploadVoiceNoteRecording(actor, draft.id, input));
    expect(refused).toMatchObject({ code: "invalid-input", details: { fields: [{ field: "durationMs", message: "is required for this recording" }] } });
    const uploaded = await uploadVoiceNoteRecording(actor, draft.id, { ...input, durationMs: 1500 });
    expect(uploaded).toMatchObject({ audioMimeType: "audio/webm", durationMs: 1500, recordedByPerson: true });
    const row = await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.audioKey).toMatch(/\.webm$/);
    expect((await getFileStorage().get(row.audioKey))?.contentType).toBe("audio/webm");
  });

  it("refuses what is not audio, too big or too short, naming the field, and keeps the audio", async () => {
    const { actor, campaign, sender } = await setup();
    const { draft } = await seedPendingVoiceNote({ actor, campaign, sender });
    const field = async (input: { audio: string; mimeType: string; durationMs?: number }) => {
      const refused = await failure(uploadVoiceNoteRecording(actor, draft.id, input));
      expect(refused.code).toBe("invalid-input");
      return (refused.details as { fields: Array<{ field: string; message: string }> }).fields[0];
    };
    expect(await field({ audio: Buffer.from("just some text, not audio at all").toString("base64"), mimeType: "audio/webm" })).toMatchObject({ field: "audio" });
    expect(await field({ audio: "%%%not base64%%%", mimeType: "audio/wav" })).toEqual({ field: "audio", message: "is not base64" });
    expect(await field({ audio: Buffer.alloc(5 * 1024 * 1024 + 10).toString("base64"), mimeType: "audio/wav" })).toEqual({ field: "audio", message: "must be at most 5 MB" });
    expect(await field({ audio: silentWav(200).toString("base64"), mimeType: "audio/wav" })).toEqual({ field: "audio", message: "must last from half a second to 5 minutes" });
    expect(await field({ audio: silentWav(1000).toString("base64"), mimeType: "text/plain" })).toMatchObject({ field: "mimeType" });
    // A list of types (browsers read its last) and a CR/LF are refused too: the type is stored and served.
    expect(await field({ audio: silentWav(1000).toString("base64"), mimeType: "audio/wav;,text/html" })).toMatchObject({ field: "mimeType" });
    expect(await field({ audio: silentWav(1000).toString("base64"), mimeType: "audio/wav\r\nX-Injected: 1" })).toMatchObject({ field: "mimeType" });
    expect(await db.pendingVoiceNote.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ audioKey: draft.audioKey, recordedById: null });
  });
});
