// Issue 30: a file's type is stored only as one canonical type of the allow-list and never served
// as stored. "text/plain;,text/html" passed the old check (it read the part before ';') and came
// back as the Content-Type, which browsers read as HTML: a script ran on Herald's origin. A CR/LF
// in a stored type made the download answer 500. Sequence steps' `voice.mimeType` was unchecked.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, type Prisma } from "@/server/db/client";
import { signedFileUrl } from "@/server/lib/signed-file-url";
import { getFileStorage, setFileStorage } from "@/server/providers/storage";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { silentWav } from "@/server/test/audio-fixtures";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import * as storedFileRoute from "@/app/api/files/[...key]/route";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "herald-file-types-"));
  setFileStorage(createFilesystemStorage(folder));
});
afterAll(async () => {
  setFileStorage(undefined);
  await rm(folder, { recursive: true, force: true });
});

async function apiKey() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { key, workspaceId: context.workspace.id, userId: context.actor.userId };
}

const upload = (key: string, body: unknown) => callApi("POST", "/files", { key, body });
const page = Buffer.from('<html><script>window.ran = true; fetch("/api/trpc/apiKeys.create")</script></html>').toString("base64");
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>window.ran = true</script></svg>').toString("base64");

function serve(key: string) {
  return storedFileRoute.GET(new Request(signedFileUrl(key).url), { params: Promise.resolve({ key: key.split("/") }) });
}

function expectSandboxedDownload(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/octet-stream");
  expect(response.headers.get("content-disposition")).toBe("attachment");
  expect(response.headers.get("content-security-policy")).toMatch(/(^|; )sandbox(;|$)/);
  expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
}

describe("POST /files refuses any type but one of the allow-list", () => {
  it("refuses lists of types, parameters, CR/LF, HTML and SVG with a 400 naming mimeType, and keeps nothing", async () => {
    const mine = await apiKey();
    const hostile = [
      { mimeType: "text/plain;,text/html", content: page },
      { mimeType: "image/png;,image/svg+xml", content: svg },
      { mimeType: "text/plain; charset=utf-8", content: page },
      { mimeType: "audio/wav\r\nX-Injected: 1", content: silentWav(600).toString("base64") },
      { mimeType: "text/html", content: page },
      { mimeType: "image/svg+xml", content: svg },
    ];
    for (const body of hostile) {
      const response = await upload(mine.key, { name: "file", ...body });
      expect(response.status, JSON.stringify(body.mimeType)).toBe(400);
      expect(response.body?.error.code).toBe("invalid-input");
      expect(response.body?.error.details.fields).toEqual([{ field: "mimeType", message: expect.stringMatching(/^(must|is) .*; send one of audio\/webm/) }]);
      expect(response.body?.error.message).toMatch(/^Invalid mimeType: /);
    }
    expect(await db.storedFile.count({ where: { workspaceId: mine.workspaceId } })).toBe(0);
  });

  it("keeps a recorder's audio/webm;codecs=opus as audio/webm, and an alias under its usual name", async () => {
    const mine = await apiKey();
    const webm = await upload(mine.key, { name: "take.webm", mimeType: "audio/webm;codecs=opus", content: Buffer.from("webm bytes").toString("base64"), durationMs: 1200 });
    expect(webm.status).toBe(201);
    expect(webm.body!.data.mimeType).toBe("audio/webm");
    const row = await db.storedFile.findUniqueOrThrow({ where: { id: webm.body!.data.id } });
    expect(row.mimeType).toBe("audio/webm");
    expect((await getFileStorage().get(row.key))?.contentType).toBe("audio/webm");
    const wav = await upload(mine.key, { name: "a.wav", mimeType: "Audio/X-WAV", content: silentWav(600).toString("base64") });
    expect(wav.body!.data.mimeType).toBe("audio/wav");
  });
});

describe("a step's voice.mimeType and attachments' mimeType", () => {
  const voiceStep = (voice: unknown) => ({ steps: [{ type: "invite" }, { type: "message", config: { text: "Hi", voice } }] });

  it("are refused with a 400 naming the field when they are not one allowed type", async () => {
    const mine = await apiKey();
    const create = (sequence: unknown) => callApi("POST", "/campaigns", { key: mine.key, body: { sequence } });
    for (const mimeType of ["text/plain;,text/html", "audio/mpeg\r\nX-Injected: 1", "image/svg+xml", "application/pdf"]) {
      const refused = await create(voiceStep({ url: "https://example.com/v.mp3", mimeType }));
      expect(refused.status, JSON.stringify(mimeType)).toBe(400);
      expect(refused.body?.error.details.fields.map((issue: { field: string }) => issue.field)).toEqual(["sequence.steps.1.config.voice.mimeType"]);
    }
    const attachment = await create({ steps: [{ type: "invite" }, { type: "message", config: { text: "Hi", attachments: [{ name: "x", url: "https://example.com/x", mimeType: "image/png;,image/svg+xml" }] } }] });
    expect(attachment.status).toBe(400);
    expect(attachment.body?.error.details.fields[0].field).toBe("sequence.steps.1.config.attachments.0.mimeType");

    const created = await create(voiceStep({ url: "https://example.com/v.mp3", mimeType: "audio/mp3" }));
    expect(created.status).toBe(201);
    expect(created.body!.data.sequence.steps[1].config.voice).toEqual({ url: "https://example.com/v.mp3", mimeType: "audio/mpeg" });
    const id = created.body!.data.id as string;
    const stepId = created.body!.data.sequence.steps[1].id as string;
    const patched = await callApi("PATCH", `/campaigns/${id}/sequence/${stepId}`, {
      key: mine.key,
      body: { voice: { url: "https://example.com/v.mp3", mimeType: "text/plain;,text/html" } },
    });
    expect(patched.status).toBe(400);
    expect(patched.body?.error.details.fields[0].field).toBe("voice.mimeType");
  });

  it("a campaign stored with a hostile type before the check still opens, with that type left out", async () => {
    const mine = await apiKey();
    const created = await callApi("POST", "/campaigns", { key: mine.key, body: { sequence: voiceStep({ url: "https://example.com/v.mp3" }) } });
    const id = created.body!.data.id as string;
    const row = await db.campaign.findUniqueOrThrow({ where: { id } });
    const sequence = structuredClone(row.sequence) as { steps: Array<{ config: { voice?: Record<string, unknown> } }> };
    sequence.steps[1]!.config.voice!.mimeType = "text/plain;,text/html\r\n";
    await db.campaign.update({ where: { id }, data: { sequence: sequence as unknown as Prisma.InputJsonObject } });
    const read = await callApi("GET", `/campaigns/${id}`, { key: mine.key });
    expect(read.status).toBe(200);
    expect(read.body!.data.sequence.steps[1].config.voice).toEqual({ url: "https://example.com/v.mp3" });
  });
});

describe("serving a file stored before types were checked", () => {
  /** A file as an older Herald stored it: any type in the database and in storage's sidecar. */
  async function storedAs(mimeType: string, content: string) {
    const mine = await apiKey();
    const key = `files/${mine.workspaceId.toLowerCase()}/${randomBytes(16).toString("hex")}`;
    await getFileStorage().put(key, Buffer.from(content, "base64"), "text/plain");
    await writeFile(join(folder, `${key}.type`), mimeType);
    const row = await db.storedFile.create({ data: { workspaceId: mine.workspaceId, name: "old", key, mimeType, size: 10, createdById: mine.userId, createdAt: new Date() } });
    return { key, id: row.id, mine };
  }

  it("serves a hostile list of types as a sandboxed download of plain bytes", async () => {
    const { key } = await storedAs("text/plain;,text/html", page);
    expectSandboxedDownload(await serve(key));
    const svgFile = await storedAs("image/png;,image/svg+xml", svg);
    expectSandboxedDownload(await serve(svgFile.key));
  });

  it("serves a type holding CR/LF without a 500, and shows it in the API as the type it is served as", async () => {
    // The old check read the part before ';', so this passed and was then written as a header: 500.
    const { key, id, mine } = await storedAs("audio/webm;\r\nContent-Type: text/html", page);
    expectSandboxedDownload(await serve(key));
    const head = await storedFileRoute.HEAD(new Request(signedFileUrl(key).url, { method: "HEAD" }), { params: Promise.resolve({ key: key.split("/") }) });
    expect(head.status).toBe(200);
    const shown = await callApi("GET", `/files/${id}`, { key: mine.key });
    expect(shown.status).toBe(200);
    expect(shown.body!.data.mimeType).toBe("application/octet-stream");
  });

  it("serves audio in place and documents as downloads, every answer sandboxed", async () => {
    const mine = await apiKey();
    const wav = (await upload(mine.key, { name: "a.wav", mimeType: "audio/wav", content: silentWav(600).toString("base64") })).body!.data;
    const audio = await storedFileRoute.GET(new Request(wav.url), { params: Promise.resolve({ key: new URL(wav.url).pathname.replace(/^\/api\/files\//, "").split("/") }) });
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(audio.headers.get("content-disposition")).toBeNull();
    expect(audio.headers.get("content-security-policy")).toContain("sandbox");
    const text = (await upload(mine.key, { name: "a.txt", mimeType: "text/plain", content: page })).body!.data;
    const download = await storedFileRoute.GET(new Request(text.url), { params: Promise.resolve({ key: new URL(text.url).pathname.replace(/^\/api\/files\//, "").split("/") }) });
    expect(download.headers.get("content-type")).toBe("text/plain");
    expect(download.headers.get("content-disposition")).toBe("attachment");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    const refused = await storedFileRoute.GET(new Request("http://herald.test/api/files/files/x?expires=1&signature=x"), { params: Promise.resolve({ key: ["files", "x"] }) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-security-policy")).toContain("sandbox");
  });
});
