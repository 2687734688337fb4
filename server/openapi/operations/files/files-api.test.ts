// Uploaded files: kept in file storage under the workspace, measured when audio, served through
// signed addresses, and named by sequence steps (`voice.fileId`, `attachments[].fileId`) only when
// they are the workspace's own.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { checkFileUrl } from "@/server/lib/signed-file-url";
import { getFileStorage, setFileStorage } from "@/server/providers/storage";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { silentWav } from "@/server/test/audio-fixtures";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import * as storedFileRoute from "@/app/api/files/[...key]/route";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "herald-files-"));
  setFileStorage(createFilesystemStorage(folder));
});
afterAll(async () => {
  setFileStorage(undefined);
  await rm(folder, { recursive: true, force: true });
});

async function apiKey() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { key, workspaceId: context.workspace.id };
}

function upload(key: string, body: unknown) {
  return callApi("POST", "/files", { key, body });
}

const audio = silentWav(1500);

function signedKey(url: string) {
  const parsed = new URL(url);
  return { key: decodeURIComponent(parsed.pathname.replace(/^\/api\/files\//, "")), expires: parsed.searchParams.get("expires"), signature: parsed.searchParams.get("signature") };
}

describe("POST /files and GET /files/{id}", () => {
  it("keeps an audio file under the workspace, reads its length, and answers with a signed address", async () => {
    const mine = await apiKey();
    const response = await upload(mine.key, { name: "intro.wav", mimeType: "audio/wav", content: audio.toString("base64") });
    expect(response.status).toBe(201);
    const file = response.body!.data;
    expect(file).toEqual({
      id: expect.stringMatching(/^fil_/),
      name: "intro.wav",
      mimeType: "audio/wav",
      size: audio.length,
      durationMs: 1500,
      url: expect.stringContaining("/api/files/files/"),
      urlExpiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const { key, expires, signature } = signedKey(file.url);
    expect(key).toMatch(new RegExp(`^files/${mine.workspaceId.toLowerCase()}/[0-9a-f]{32}$`));
    expect(checkFileUrl(key, expires, signature)).toBe("ok");
    const stored = await getFileStorage().get(key);
    expect(stored?.contentType).toBe("audio/wav");
    expect(stored?.body.equals(audio)).toBe(true);

    // The address serves the bytes (GET /api/files/<key>), and refuses a changed key.
    const served = await storedFileRoute.GET(new Request(file.url), { params: Promise.resolve({ key: key.split("/") }) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("audio/wav");
    expect(Buffer.from(await served.arrayBuffer()).equals(audio)).toBe(true);
    const otherKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
    const tampered = await storedFileRoute.GET(new Request(file.url.replace(key, otherKey)), { params: Promise.resolve({ key: otherKey.split("/") }) });
    expect(tampered.status).toBeGreaterThanOrEqual(400);

    const fetched = await callApi("GET", `/files/${file.id}`, { key: mine.key });
    expect(fetched.status).toBe(200);
    expect(fetched.body!.data).toMatchObject({ id: file.id, name: "intro.wav", size: audio.length, durationMs: 1500 });
    expect(signedKey(fetched.body!.data.url).key).toBe(key);

    const theirs = await apiKey();
    const foreign = await callApi("GET", `/files/${file.id}`, { key: theirs.key });
    expect(foreign.status).toBe(404);
  });

  it("takes the recorder's length when the audio does not say, and none for an attachment", async () => {
    const mine = await apiKey();
    // Not a container music-metadata can measure: the length sent is kept.
    const recorded = await upload(mine.key, { name: "take.webm", mimeType: "audio/webm", content: Buffer.from("not really webm").toString("base64"), durationMs: 4200 });
    expect(recorded.status).toBe(201);
    expect(recorded.body!.data.durationMs).toBe(4200);
    const pdf = await upload(mine.key, { name: "deck.pdf", mimeType: "application/pdf", content: Buffer.from("%PDF-1.4\n").toString("base64"), durationMs: 10 });
    expect(pdf.status).toBe(201);
    expect(pdf.body!.data).toMatchObject({ name: "deck.pdf", mimeType: "application/pdf", durationMs: null });
  });

  it("refuses what it cannot keep with a 400 naming the field", async () => {
    const mine = await apiKey();
    const refused = async (body: Record<string, unknown>, field: string) => {
      const response = await upload(mine.key, { name: "file", mimeType: "audio/wav", content: audio.toString("base64"), ...body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body?.error.code).toBe("invalid-input");
      expect(response.body?.error.details.fields.map((issue: { field: string }) => issue.field)).toContain(field);
    };
    await refused({ mimeType: "application/x-msdownload" }, "mimeType");
    await refused({ mimeType: "video/mp4" }, "mimeType");
    await refused({ content: "not base64!" }, "content");
    await refused({ content: "" }, "content");
    await refused({ name: "" }, "name");
    await refused({ content: Buffer.alloc(10 * 1024 * 1024 + 1).toString("base64") }, "content");
    expect(await db.storedFile.count({ where: { workspaceId: mine.workspaceId } })).toBe(0);
  });
});

describe("steps naming uploaded files", () => {
  const voiceStep = (voice: unknown) => ({ steps: [{ type: "invite" }, { type: "message", config: { text: "Hi {{firstName}}", voice } }] });

  it("accepts the workspace's own audio as a voice and its files as attachments, by fileId", async () => {
    const mine = await apiKey();
    const voice = (await upload(mine.key, { name: "hello.wav", mimeType: "audio/wav", content: audio.toString("base64") })).body!.data;
    const deck = (await upload(mine.key, { name: "deck.pdf", mimeType: "application/pdf", content: Buffer.from("%PDF").toString("base64") })).body!.data;
    const sequence = {
      steps: [
        { type: "invite" },
        { type: "message", config: { text: "Hi", voice: { fileId: voice.id, mimeType: "audio/wav", durationMs: 1500 }, attachments: [{ name: "Deck", fileId: deck.id }] } },
        { type: "voice_note", config: { voice: { fileId: voice.id } } },
      ],
    };
    const created = await callApi("POST", "/campaigns", { key: mine.key, body: { sequence } });
    expect(created.status).toBe(201);
    const steps = created.body!.data.sequence.steps;
    expect(steps[1].config.voice).toEqual({ fileId: voice.id, mimeType: "audio/wav", durationMs: 1500 });
    expect(steps[1].config.attachments).toEqual([{ name: "Deck", fileId: deck.id }]);
  });

  it("refuses another workspace's file, a document as a voice, and a voice with both or neither source, naming the field", async () => {
    const mine = await apiKey();
    const theirs = await apiKey();
    const foreign = (await upload(theirs.key, { name: "theirs.wav", mimeType: "audio/wav", content: audio.toString("base64") })).body!.data;
    const deck = (await upload(mine.key, { name: "deck.pdf", mimeType: "application/pdf", content: Buffer.from("%PDF").toString("base64") })).body!.data;
    const create = (sequence: unknown) => callApi("POST", "/campaigns", { key: mine.key, body: { sequence } });

    const notMine = await create(voiceStep({ fileId: foreign.id }));
    expect(notMine.status).toBe(400);
    expect(notMine.body?.error.details.fields).toEqual([{ field: "sequence.steps.1.config.voice.fileId", message: "names no uploaded file of this workspace" }]);
    expect(JSON.stringify(notMine.body)).not.toContain("theirs.wav");

    const notAudio = await create(voiceStep({ fileId: deck.id }));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body?.error.details.fields).toEqual([{ field: "sequence.steps.1.config.voice.fileId", message: "must name an audio file" }]);

    const foreignAttachment = await create({ steps: [{ type: "invite" }, { type: "message", config: { text: "Hi", attachments: [{ name: "x", fileId: foreign.id }] } }] });
    expect(foreignAttachment.status).toBe(400);
    expect(foreignAttachment.body?.error.details.fields[0].field).toBe("sequence.steps.1.config.attachments.0.fileId");

    const both = await create(voiceStep({ fileId: deck.id, url: "https://example.com/v.mp3" }));
    expect(both.status).toBe(400);
    expect(both.body?.error.details.fields.map((issue: { field: string }) => issue.field)).toContain("sequence.steps.1.config.voice.fileId");
    const neither = await create(voiceStep({ mimeType: "audio/wav" }));
    expect(neither.status).toBe(400);
    expect(neither.body?.error.details.fields.map((issue: { field: string }) => issue.field)).toContain("sequence.steps.1.config.voice.url");
  });

  it("refuses another workspace's file when a step's content is changed, and on a sequence update", async () => {
    const mine = await apiKey();
    const theirs = await apiKey();
    const foreign = (await upload(theirs.key, { name: "theirs.wav", mimeType: "audio/wav", content: audio.toString("base64") })).body!.data;
    const own = (await upload(mine.key, { name: "mine.wav", mimeType: "audio/wav", content: audio.toString("base64") })).body!.data;
    const created = await callApi("POST", "/campaigns", { key: mine.key, body: { sequence: voiceStep({ url: "https://example.com/v.mp3" }) } });
    const id = created.body!.data.id as string;
    const stepId = created.body!.data.sequence.steps[1].id as string;
    const patchStep = (body: unknown) => callApi("PATCH", `/campaigns/${id}/sequence/${stepId}`, { key: mine.key, body });
    const refused = await patchStep({ voice: { fileId: foreign.id } });
    expect(refused.status).toBe(400);
    expect(refused.body?.error.details.fields).toEqual([{ field: "voice.fileId", message: "names no uploaded file of this workspace" }]);
    const accepted = await patchStep({ voice: { fileId: own.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body!.data.sequence.steps[1].config.voice).toEqual({ fileId: own.id });

    const patched = await callApi("PATCH", `/campaigns/${id}`, { key: mine.key, body: { sequence: voiceStep({ fileId: foreign.id }) } });
    expect(patched.status).toBe(400);
    expect(patched.body?.error.details.fields[0].field).toBe("sequence.steps.1.config.voice.fileId");
  });
});
