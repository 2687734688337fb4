// The default storage: files under the data folder, written whole or not at all, never outside it.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFilesystemStorage } from "./filesystem-storage";
import { assertStorageKey } from "./types";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "herald-files-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1)).sort();
}

describe("filesystem storage", () => {
  it("stores, reads, overwrites and deletes a file with its content type", async () => {
    const storage = createFilesystemStorage(root);
    await storage.put("audio/wsp_1/a.wav", Buffer.from("RIFF one"), "audio/wav");
    expect(await storage.get("audio/wsp_1/a.wav")).toEqual({ body: Buffer.from("RIFF one"), contentType: "audio/wav" });
    await storage.put("audio/wsp_1/a.wav", Buffer.from("RIFF two"), "audio/wav");
    expect((await storage.get("audio/wsp_1/a.wav"))?.body.toString()).toBe("RIFF two");
    await storage.delete("audio/wsp_1/a.wav");
    expect(await storage.get("audio/wsp_1/a.wav")).toBeNull();
    await expect(storage.delete("audio/wsp_1/a.wav")).resolves.toBeUndefined();
  });

  it("leaves no half-written or temporary files behind, even with writes racing", async () => {
    const storage = createFilesystemStorage(root);
    const big = Buffer.alloc(2_000_000, 7);
    await Promise.all([storage.put("audio/x.wav", big, "audio/wav"), storage.put("audio/x.wav", Buffer.alloc(2_000_000, 9), "audio/wav")]);
    const stored = (await storage.get("audio/x.wav"))!.body;
    expect(stored.length).toBe(2_000_000);
    expect(stored.every((byte) => byte === stored[0])).toBe(true);
    expect(await filesUnder(root)).toEqual(["audio/x.wav", "audio/x.wav.type"]);
  });

  it("writes only a canonical type of the allow-list beside a file, whatever a caller passes", async () => {
    // The last gate before serving reads the type back: a list browsers read as HTML, or a CR/LF, never lands on disk.
    const storage = createFilesystemStorage(root);
    const stored = async (type: string) => {
      await storage.put("files/w/a", Buffer.from("x"), type);
      return (await storage.get("files/w/a"))!.contentType;
    };
    expect(await stored("audio/webm;codecs=opus")).toBe("audio/webm");
    expect(await stored("text/plain;,text/html")).toBe("application/octet-stream");
    expect(await stored("audio/wav;\r\nContent-Type: text/html")).toBe("application/octet-stream");
    expect(await stored("image/svg+xml")).toBe("application/octet-stream");
  });

  it("answers null for a file that was never stored", async () => {
    expect(await createFilesystemStorage(root).get("audio/nothing.mp3")).toBeNull();
  });

  it("refuses keys that could reach outside the store", async () => {
    const storage = createFilesystemStorage(root);
    for (const key of ["../escape", "audio/../../etc/passwd", "/etc/passwd", "audio//x", "", "audio/x y", ".hidden"]) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(/Not a storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Not a storage key/);
    }
    expect(() => assertStorageKey("audio/wsp_1/0a1b.mp3")).not.toThrow();
  });
});
