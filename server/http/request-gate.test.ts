// The request gate in front of Next.js, on a real Node HTTP server with the real OpenAPI operations:
// what it answers itself (413, 404, 405, 400, 204) and what it lets through, with security headers.
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../openapi/operations";
import { rawRequest } from "../test/raw-http";
import { DEFAULT_BODY_LIMIT_BYTES, LEADS_BODY_LIMIT_BYTES } from "./body-limits";
import { answerClientError } from "./client-error";
import { createRequestGate } from "./request-gate";

let server: Server;
let base: string;
const passedThrough: string[] = [];
let bodyBytesRead = 0;

beforeAll(async () => {
  const gate = createRequestGate({ operations, publicUrlIsHttps: false, dev: false });
  server = createServer((request, response) => {
    if (gate(request, response)) return;
    passedThrough.push(`${request.method} ${request.url}`);
    request.on("data", (chunk: Buffer) => (bodyBytesRead += chunk.length));
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function expectErrorShape(body: unknown, code: string) {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe("request gate", () => {
  it("refuses a declared body over the limit with 413 before reading it", async () => {
    const before = passedThrough.length;
    // 200 MB declared, a few bytes sent: the answer can only come if the body is not awaited.
    const response = await rawRequest(base, "/api/trpc/invitations.accept", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
      partialBody: '{"token":"',
    });
    expect(response.status).toBe(413);
    expectErrorShape(response.json, "payload-too-large");
    expect(response.json.error.details.limitBytes).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(response.headers.connection).toBe("close");
    expect(passedThrough.length).toBe(before);
  });

  it("applies the route's own limit: adding leads may send more than 1 MB", async () => {
    const declared = String(DEFAULT_BODY_LIMIT_BYTES + 1);
    const tooLarge = await rawRequest(base, "/api/v1/webhooks/whk_1", { method: "PATCH", headers: { "content-length": declared }, partialBody: "{" });
    expect(tooLarge.status).toBe(413);
    const leads = await rawRequest(base, "/api/v1/campaigns/cmp_1/leads", { method: "POST", body: Buffer.alloc(DEFAULT_BODY_LIMIT_BYTES + 1, 32) });
    expect(leads.status).toBe(200);
    const overLeads = await rawRequest(base, "/api/v1/lead-lists/lst_1/leads", { method: "POST", headers: { "content-length": String(LEADS_BODY_LIMIT_BYTES + 1) }, partialBody: "{" });
    expect(overLeads.status).toBe(413);
  });

  it("answers unsupported methods with 405 and the path's real methods in Allow", async () => {
    for (const method of ["TRACE", "PUT", "HEAD", "PROPFIND"]) {
      const response = await rawRequest(base, "/api/v1/campaigns", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe("GET, POST");
      if (method !== "HEAD") {
        expectErrorShape(response.json, "method-not-allowed");
        expect(response.json.error.details.allow).toEqual(["GET", "POST"]);
      }
    }
    const item = await rawRequest(base, "/api/v1/campaigns/cmp_1", { method: "POST" });
    expect(item.status).toBe(405);
    expect(item.headers.allow).toBe("GET, PATCH, DELETE");
  });

  it("prefers a literal path over a parameter, as Next's router does", async () => {
    const response = await rawRequest(base, "/api/v1/accounts/hosted-link", { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST");
  });

  it("answers OPTIONS with 204 and Allow", async () => {
    const response = await rawRequest(base, "/api/v1/webhooks/whk_1", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe("GET, PATCH, DELETE, OPTIONS");
  });

  it("answers trailing slashes and unknown paths with a JSON 404, key or not", async () => {
    const variants: Array<Record<string, string>> = [{}, { authorization: "Bearer hk_whatever" }];
    for (const headers of variants) {
      const slash = await rawRequest(base, "/api/v1/campaigns/", { headers });
      expect(slash.status).toBe(404);
      expectErrorShape(slash.json, "not-found");
      expect(slash.json.error.message).toContain("/api/v1/campaigns");
      const unknown = await rawRequest(base, "/api/v1/nothing-here", { method: "DELETE", headers });
      expect(unknown.status).toBe(404);
      expectErrorShape(unknown.json, "not-found");
      expect((await rawRequest(base, "/api/v1", { headers })).status).toBe(404);
      expect((await rawRequest(base, "/api/v1/", { headers })).status).toBe(404);
    }
  });

  it("answers an undecodable path segment with 400 naming the parameter", async () => {
    const response = await rawRequest(base, "/api/v1/campaigns/%ff");
    expect(response.status).toBe(400);
    expectErrorShape(response.json, "invalid-input");
    expect(response.json.error.details.fields).toEqual([{ field: "id", message: "is not valid percent-encoded UTF-8" }]);
    const nested = await rawRequest(base, "/api/v1/campaigns/cmp_1/leads/%e0%80");
    expect(nested.json.error.details.fields[0].field).toBe("leadId");
  });

  it("answers the other /api routes' unsupported methods and unknown paths in the error shape", async () => {
    const trpc = await rawRequest(base, "/api/trpc/workspace.current", { method: "DELETE" });
    expect(trpc.status).toBe(405);
    expect(trpc.headers.allow).toBe("GET, POST");
    expectErrorShape(trpc.json, "method-not-allowed");
    const unknown = await rawRequest(base, "/api/nothing");
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.json, "not-found");
    const trace = await rawRequest(base, "/campaigns", { method: "TRACE" });
    expect(trace.status).toBe(405);
  });

  it("lets valid requests through to Next", async () => {
    const before = passedThrough.length;
    expect((await rawRequest(base, "/api/v1/campaigns?limit=5")).status).toBe(200);
    expect((await rawRequest(base, "/api/v1/accounts/acc_1/checkpoint", { method: "POST", body: "{}" })).status).toBe(200);
    expect((await rawRequest(base, "/api/inngest", { method: "PUT" })).status).toBe(200);
    expect((await rawRequest(base, "/campaigns/cmp_1")).status).toBe(200);
    // Where Google and Microsoft send the person back after a mailbox sign-in.
    expect((await rawRequest(base, "/api/oauth/mailbox/callback?code=c&state=s")).status).toBe(200);
    expect(passedThrough.length).toBe(before + 5);
  });

  it("sends the security headers on every response, HSTS only over https", async () => {
    for (const path of ["/campaigns", "/api/v1/campaigns/", "/api/v1/workspace"]) {
      const response = await rawRequest(base, path);
      expect(response.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"], path).toBeUndefined();
    }
    const proxied = await rawRequest(base, "/campaigns", { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("hands a matched /api/v1 request to serveApi once, with its operation and decoded path parameters", async () => {
    const served: Array<{ operationId: string; params: Record<string, string> }> = [];
    const gate = createRequestGate({
      operations,
      publicUrlIsHttps: false,
      dev: false,
      serveApi: (_request, response, operation, params) => {
        served.push({ operationId: operation.operationId, params });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
    });
    const api = createServer((request, response) => {
      if (!gate(request, response)) response.writeHead(299).end();
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const apiBase = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    expect((await rawRequest(apiBase, "/api/v1/campaigns/cmp%201/leads/led_1?limit=5")).status).toBe(200);
    expect((await rawRequest(apiBase, "/api/v1/accounts/hosted-link", { method: "POST", body: "{}" })).status).toBe(200);
    // The gate's own answers never reach the handler, and the rest of the app still goes to Next.
    expect((await rawRequest(apiBase, "/api/v1/campaigns", { method: "PUT" })).status).toBe(405);
    expect((await rawRequest(apiBase, "/api/v1/nothing")).status).toBe(404);
    expect((await rawRequest(apiBase, "/api/v1/campaigns", { method: "OPTIONS" })).status).toBe(204);
    expect((await rawRequest(apiBase, "/campaigns")).status).toBe(299);
    expect(served).toEqual([
      { operationId: "getCampaignLead", params: { id: "cmp 1", leadId: "led_1" } },
      { operationId: "createSenderHostedLink", params: {} },
    ]);
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  it("redirects dot segments in /api/v1 to the path they resolve to, as Next did", async () => {
    const response = await rawRequest(base, "/api/v1/campaigns/%2e%2e?limit=5");
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe("/api/v1?limit=5");
    expect((await rawRequest(base, "/api/v1/campaigns/cmp_1/leads/..")).headers.location).toBe("/api/v1/campaigns/cmp_1");
  });

  it("never redirects a dot-segment path out of /api/v1: one that resolves to another host is a 404, not an open redirect", async () => {
    for (const path of ["/api/v1/../..//evil.example/x", "/api/v1/%2e%2e/%2E%2E//evil.example", "/api/v1/../../settings"]) {
      const response = await rawRequest(base, path);
      expect(response.status).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expectErrorShape(response.json, "not-found");
    }
  });

  it("sends HSTS on every response when the public address is https", async () => {
    const gate = createRequestGate({ operations, publicUrlIsHttps: true, dev: false });
    const https = createServer((request, response) => {
      if (!gate(request, response)) response.end("ok");
    });
    await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
    const response = await rawRequest(`http://127.0.0.1:${(https.address() as AddressInfo).port}`, "/");
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000");
    await new Promise((resolve) => https.close(resolve));
  });

  it("answers what Node's parser refuses (an unknown method, a malformed request) in the error shape", async () => {
    const { port } = server.address() as AddressInfo;
    const exchange = (raw: string) =>
      new Promise<string>((resolve) => {
        let text = "";
        const socket = connect(port, "127.0.0.1", () => socket.write(raw));
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
      });
    const unknown = await exchange("FROBNICATE /api/v1/campaigns HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(unknown).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(unknown.slice(unknown.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { code: "method-not-allowed" } });
    const malformed = await exchange("GET /api/v1/campaigns HTTP/1.1\r\nHost x\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(malformed.slice(malformed.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { code: "bad-request" } });
  });
});
