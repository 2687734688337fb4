// Herald's real process (the production build) at its HTTP edge: what Next.js or Node would answer
// before any route handler (oversized bodies, odd paths and methods) comes back in the API's error
// shape, every response carries the security headers, and SIGTERM lets a request in flight finish.
import { Agent, get as httpGet, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApiKey, createTestWorkspace } from "../test/factories";
import { postAcrossSigterm, startHeraldProcess, type HeraldProcess } from "../test/herald-process";
import { rawRequest } from "../test/raw-http";

let herald: HeraldProcess;
let key: string;

beforeAll(async () => {
  const { actor } = await createTestWorkspace();
  ({ key } = await createTestApiKey(actor));
  herald = await startHeraldProcess({
    databaseUrl: process.env.DATABASE_URL!,
    env: { HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! },
  });
}, 120_000);

afterAll(async () => {
  await herald?.kill("SIGKILL");
});

const errorShape = (code: string) => ({ error: { code, message: expect.any(String) } });

/** Streams a chunked body of up to `totalBytes` until the server answers; returns what it sent by then. */
function streamUntilAnswered(url: string, path: string, totalBytes: number): Promise<{ status: number; body: string; sentBytes: number }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest({ host: target.hostname, port: target.port, path, method: "POST", headers: { "content-type": "application/json" } }, (response) => {
      answered = true;
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, body, sentBytes }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered && error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 97);
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    request.write('{"token":"');
    pump();
  });
}

describe("Herald's HTTP edge (real process)", () => {
  it("answers a 200 MB declared body with 413 without reading it", async () => {
    const response = await rawRequest(herald.url, "/api/trpc/setup.acceptInvitation", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
      partialBody: '{"0":{"json":{"token":"',
    });
    expect(response.status).toBe(413);
    expect(response.json).toMatchObject(errorShape("payload-too-large"));
  });

  it("stops reading a chunked body at the limit: 413 long before 200 MB were sent", { timeout: 60_000 }, async () => {
    for (const path of ["/api/trpc/setup.acceptInvitation", "/api/v1/campaigns", "/api/auth/callback/credentials"]) {
      const result = await streamUntilAnswered(herald.url, path, 200 * 1024 * 1024);
      expect(result.status, path).toBe(path === "/api/v1/campaigns" ? 401 : 413);
      expect(JSON.parse(result.body), path).toMatchObject(errorShape(path === "/api/v1/campaigns" ? "unauthorized" : "payload-too-large"));
      expect(result.sentBytes, path).toBeLessThan(50 * 1024 * 1024);
    }
    const authenticated = await rawRequest(herald.url, "/api/v1/webhooks", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "transfer-encoding": "chunked" },
      body: JSON.stringify({ url: "https://example.com/hook", events: ["x".repeat(2 * 1024 * 1024)] }),
    });
    expect(authenticated.status).toBe(413);
    expect(authenticated.json).toMatchObject(errorShape("payload-too-large"));
  });

  it("answers odd paths and methods in the error shape, with or without a key", async () => {
    const variants: Array<Record<string, string>> = [{}, { authorization: `Bearer ${key}` }];
    for (const headers of variants) {
      const undecodable = await rawRequest(herald.url, "/api/v1/campaigns/%ff", { headers });
      expect(undecodable.status).toBe(400);
      expect(undecodable.json).toMatchObject(errorShape("invalid-input"));
      const slash = await rawRequest(herald.url, "/api/v1/campaigns/", { headers });
      expect(slash.status).toBe(404);
      expect(slash.json).toMatchObject(errorShape("not-found"));
      for (const method of ["TRACE", "PUT", "PROPFIND", "HEAD"]) {
        const response = await rawRequest(herald.url, "/api/v1/campaigns", { method, headers });
        expect(response.status, method).toBe(405);
        expect(response.headers.allow, method).toBe("GET, POST");
        if (method !== "HEAD") expect(response.json, method).toMatchObject(errorShape("method-not-allowed"));
      }
    }
    const nul = await rawRequest(herald.url, "/api/v1/campaigns?status=%00", { headers: { authorization: `Bearer ${key}` } });
    expect(nul.status).toBe(400);
    expect(nul.json.error.details.fields).toEqual([expect.objectContaining({ field: "status" })]);
    const nulPath = await rawRequest(herald.url, "/api/v1/campaigns/cmp%00x", { headers: { authorization: `Bearer ${key}` } });
    expect(nulPath.status).toBe(400);
    expect(nulPath.json.error.details.fields).toEqual([expect.objectContaining({ field: "id" })]);
  });

  it("sends the security headers on the dashboard and the API, HSTS only over https", async () => {
    for (const path of ["/sign-in", "/api/v1/workspace", "/api/v1/openapi.json"]) {
      const response = await rawRequest(herald.url, path);
      expect(response.headers["content-security-policy"], path).toMatch(/frame-ancestors 'none'/);
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"], path).toBeUndefined();
    }
    const proxied = await rawRequest(herald.url, "/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("keeps an idle connection open for 65 s, longer than the clients and proxies that reuse it", async () => {
    // A keep-alive request, as Playwright's and most HTTP clients' agents make them.
    const agent = new Agent({ keepAlive: true });
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      httpGet(`${herald.url}/sign-in`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.headers));
      }).on("error", reject);
    });
    agent.destroy();
    expect(headers.connection).toBe("keep-alive");
    expect(headers["keep-alive"]).toBe("timeout=65");
  });

  it("lets a request in flight at SIGTERM finish with its answer, then exits", { timeout: 60_000 }, async () => {
    // The body arrives half before SIGTERM, half after: the request is in flight throughout.
    const result = await postAcrossSigterm(herald, {
      path: "/api/v1/campaigns",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Created while stopping" }),
    });
    expect(result.status, result.body).toBeLessThan(300);
    expect(JSON.parse(result.body).data.name).toBe("Created while stopping");
    expect(result.exitCode).toBe(0);
  });
});
