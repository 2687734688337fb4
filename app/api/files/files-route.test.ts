// GET and HEAD /api/files/<key> over real HTTP, through the request gate that fronts Next.js in
// production, into the route handler: signed addresses only, plain refusals, byte ranges for
// audio players, private caching until the address expires, and no session needed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { signedFileUrl } from "@/server/lib/signed-file-url";
import { createRequestGate } from "@/server/http/request-gate";
import { operations } from "@/server/openapi/operations";
import { createFilesystemStorage } from "@/server/providers/storage/filesystem-storage";
import { setFileStorage } from "@/server/providers/storage";
import * as route from "./[...key]/route";

let server: Server;
let base: string;
let root: string;
const clock = new ManualClock("2026-11-24T10:00:00Z");
const KEY = "audio/wsp_1/5d41402abc4b2a76.mp3";
const audio = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));

beforeAll(async () => {
  setClock(clock);
  root = await mkdtemp(join(tmpdir(), "herald-files-route-"));
  const storage = createFilesystemStorage(root);
  setFileStorage(storage);
  await storage.put(KEY, audio, "audio/mpeg");
  const gate = createRequestGate({ operations, publicUrlIsHttps: false, dev: false });
  // What Next does for the route: a Web Request in, the catch-all segments decoded as params.
  server = createServer(async (request, response) => {
    if (gate(request, response)) return;
    const url = new URL(request.url ?? "/", "http://herald.test");
    const handler = (route as Record<string, unknown>)[request.method ?? "GET"] as ((request: Request, context: { params: Promise<{ key: string[] }> }) => Promise<Response>) | undefined;
    if (!url.pathname.startsWith("/api/files/") || !handler) {
      response.writeHead(404).end();
      return;
    }
    const key = url.pathname.slice("/api/files/".length).split("/").map(decodeURIComponent);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await handler(new Request(url, { method: request.method, headers }), { params: Promise.resolve({ key }) });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setClock(systemClock);
  setFileStorage(undefined);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** The signed address's path and query, on the test server. */
function local(url: string): string {
  const parsed = new URL(url);
  return `${base}${parsed.pathname}${parsed.search}`;
}

describe("GET /api/files/<key>", () => {
  it("serves the file at a signed address, with its type, private caching until expiry, and nosniff, without a session", async () => {
    const { url } = signedFileUrl(KEY, { expiresInSeconds: 900 });
    clock.advance(100_000);
    const response = await fetch(local(url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("cache-control")).toBe("private, max-age=800");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await response.arrayBuffer()).equals(audio)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(local(signedFileUrl(KEY).url), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("1000");
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it("serves byte ranges (206) so audio players can seek, and 416 past the end", async () => {
    const url = local(signedFileUrl(KEY).url);
    const middle = await fetch(url, { headers: { range: "bytes=100-199" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(middle.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await middle.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);

    const open = await fetch(url, { headers: { range: "bytes=990-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const suffix = await fetch(url, { headers: { range: "bytes=-5" } });
    expect(suffix.headers.get("content-range")).toBe("bytes 995-999/1000");

    const pastEnd = await fetch(url, { headers: { range: "bytes=5000-" } });
    expect(pastEnd.status).toBe(416);
    expect(pastEnd.headers.get("content-range")).toBe("bytes */1000");

    const several = await fetch(url, { headers: { range: "bytes=0-1,5-6" } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(1000);
  });

  it("refuses an expired address with 403 in plain words", async () => {
    const { url } = signedFileUrl(KEY, { expiresInSeconds: 60 });
    clock.advance(61_000);
    const response = await fetch(local(url));
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error.code).toBe("forbidden");
    expect(body.error.message).toMatch(/expired/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a changed key, expiry or signature, or no signature, with 403", async () => {
    const { url } = signedFileUrl(KEY);
    const parsed = new URL(url);
    const expires = parsed.searchParams.get("expires")!;
    const signature = parsed.searchParams.get("signature")!;
    const attempts = [
      `${base}/api/files/audio/wsp_2/5d41402abc4b2a76.mp3?expires=${expires}&signature=${signature}`,
      `${base}/api/files/${KEY}?expires=${Number(expires) + 86_400}&signature=${signature}`,
      `${base}/api/files/${KEY}?expires=${expires}&signature=${signature.slice(1)}x`,
      `${base}/api/files/${KEY}`,
    ];
    for (const attempt of attempts) {
      const response = await fetch(attempt);
      expect(response.status, attempt).toBe(403);
      expect((await response.json()).error.message).toMatch(/not valid/);
    }
  });

  it("answers 404 for a signed address whose file is gone", async () => {
    const response = await fetch(local(signedFileUrl("audio/wsp_1/deleted.mp3").url));
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe("This file is no longer stored.");
  });

  it("takes GET and HEAD only (405 from the gate otherwise)", async () => {
    const response = await fetch(local(signedFileUrl(KEY).url), { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});
