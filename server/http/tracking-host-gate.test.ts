import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTrackingHostGate, requestHost } from "./tracking-host-gate";

const lookedUp: string[] = [];
let trustedProxies = 0;
let server: Server;
let port: number;

function startServer(heraldHost: string) {
  const gate = createTrackingHostGate({
    heraldHost,
    get trustedProxies() {
      return trustedProxies;
    },
    trackingHostState: async (host) => {
      lookedUp.push(host);
      return host === "track.acme.com" || host === "failing-now.acme.com" ? "serves" : host === "pending.acme.com" ? "holds" : null;
    },
  });
  return createServer((request, response) => {
    const answered = gate(request, response);
    const pass = () => response.writeHead(200, { "content-type": "text/plain" }).end("herald");
    if (answered === false) pass();
    else if (answered !== true) void answered.then((refused) => refused || pass());
  });
}

function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body, headers: response.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  server = startServer("herald.example.com");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the tracking host gate", () => {
  it("serves everything on HERALD_URL's host without a lookup, any port", async () => {
    lookedUp.length = 0;
    for (const path of ["/", "/t/o/x.gif", "/u/token", "/api/v1/campaigns", "/sign-in"]) {
      expect((await get(path, { host: "herald.example.com:8443" })).status).toBe(200);
    }
    expect(lookedUp).toEqual([]);
  });

  it("serves only /t/ and /u/ on a verified tracking host: the dashboard, API and sign-in are a plain 404 without a redirect or cookie", async () => {
    expect((await get("/t/o/x.gif", { host: "Track.Acme.com" })).status).toBe(200);
    expect((await get("/u/token", { host: "track.acme.com." })).status).toBe(200);
    for (const path of ["/", "/sign-in", "/api/v1/campaigns", "/api/auth/session", "/settings", "/tracking"]) {
      const answer = await get(path, { host: "track.acme.com" });
      expect(answer.status).toBe(404);
      expect(answer.body).toContain("There is nothing at this address.");
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("keeps serving the links of a host that was verified once, whatever its status now", async () => {
    expect((await get("/u/token", { host: "failing-now.acme.com" })).status).toBe(200);
    expect((await get("/t/o/x.gif", { host: "failing-now.acme.com" })).status).toBe(200);
    expect((await get("/sign-in", { host: "failing-now.acme.com" })).status).toBe(404);
  });

  it("serves nothing at all on a host a workspace added but never verified: no tracking, no sign-in", async () => {
    for (const path of ["/t/o/x.gif", "/u/token", "/", "/sign-in", "/api/v1/campaigns", "/api/health"]) {
      expect((await get(path, { host: "pending.acme.com" })).status, path).toBe(404);
    }
  });

  it("judges the path with its dot segments resolved, and refuses encoded dots and slashes on other hosts", async () => {
    // Would pass a raw prefix check as tracking, and is the sign-in page once resolved.
    for (const path of ["/t/../sign-in", "/u/..\\..\\settings", "/t/%2e%2e/sign-in", "/t/..%2fsign-in", "/u/%2E%2E/api/v1/campaigns"]) {
      expect((await get(path, { host: "track.acme.com" })).status, path).toBe(404);
    }
    // Tracking once resolved, on a host that does not serve it.
    for (const path of ["/x/../t/o/token.gif", "/sign-in/../u/token", "/x/%2e%2e/t/o/token.gif"]) {
      expect((await get(path, { host: "evil.example" })).status, path).toBe(404);
    }
    expect((await get("/x/../t/o/token.gif", { host: "track.acme.com" })).status).toBe(200);
    // Herald's own host decides nothing here: its router handles whatever it is sent.
    expect((await get("/t/%2e%2e/sign-in", { host: "herald.example.com" })).status).toBe(200);
  });

  it("refuses /t/ and /u/ on an unknown host and leaves its other paths alone", async () => {
    expect((await get("/t/c/token?u=https%3A%2F%2Fx&s=y", { host: "evil.example" })).status).toBe(404);
    expect((await get("/u/token", { host: "127.0.0.1.nip.io" })).status).toBe(404);
    expect((await get("/api/health", { host: "herald:3000" })).status).toBe(200);
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", async () => {
    trustedProxies = 0;
    expect((await get("/t/o/x.gif", { host: "evil.example", "x-forwarded-host": "track.acme.com" })).status).toBe(404);
    trustedProxies = 1;
    expect((await get("/t/o/x.gif", { host: "herald:3000", "x-forwarded-host": "track.acme.com" })).status).toBe(200);
    expect((await get("/", { host: "herald.example.com", "x-forwarded-host": "track.acme.com" })).status).toBe(404);
    trustedProxies = 0;
  });

  it("reads the host without its port, in lower case", () => {
    expect(requestHost({ host: "TRACK.acme.com:443" }, 0)).toBe("track.acme.com");
    expect(requestHost({ host: "[::1]:3000" }, 0)).toBe("[::1]");
    expect(requestHost({}, 0)).toBeNull();
    expect(requestHost({ host: "a", "x-forwarded-host": "client-said.example, proxy-saw.example" }, 1)).toBe("proxy-saw.example");
  });
});

describe("a Herald on loopback", () => {
  it("takes every loopback name as its own", async () => {
    const local = startServer("localhost");
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const saved = port;
    port = (local.address() as AddressInfo).port;
    try {
      expect((await get("/t/o/x.gif", { host: `127.0.0.1:${port}` })).status).toBe(200);
      expect((await get("/t/o/x.gif", { host: "localhost" })).status).toBe(200);
    } finally {
      port = saved;
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });
});
