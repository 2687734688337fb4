// The tracking domain check's HTTPS probe against a real TLS server on loopback (the test mail
// servers' certificate for localhost): Herald answering, another server, a redirect not followed,
// an untrusted certificate, nothing listening, and the private-address guard.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRACKING_HEALTH_BODY } from "../../../domain/mail/tracking-domain";
import { resetEnv } from "../../../env";
import { probeTrackingHttps } from "./probe-tracking-https";

const tls = path.resolve(import.meta.dirname, "../../../test/fixtures/mail-tls");
const ca = readFileSync(path.join(tls, "cert.pem"));
let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: TRACKING_HEALTH_BODY };
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer({ cert: ca, key: readFileSync(path.join(tls, "key.pem")) }, (request, response) => {
    response.writeHead(answer.status, answer.headers).end(request.url === "/t/health" ? answer.body : "wrong path");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  delete process.env.HERALD_ALLOW_PRIVATE_TRACKING_HOSTS;
  resetEnv();
});

describe("probeTrackingHttps", () => {
  it("is quiet when Herald answers /t/health over a valid certificate", async () => {
    answer = { status: 200, body: TRACKING_HEALTH_BODY };
    expect(await probeTrackingHttps("localhost", { port, ca })).toBeNull();
  });

  it("warns when another server answers, and follows no redirect", async () => {
    answer = { status: 200, body: "<html>parked domain</html>" };
    expect(await probeTrackingHttps("localhost", { port, ca })).toBe("https://localhost answers, but not as Herald (HTTP 200): check that the reverse proxy for localhost passes requests to Herald.");
    answer = { status: 302, body: "", headers: { location: "https://elsewhere.example/t/health" } };
    expect(await probeTrackingHttps("localhost", { port, ca })).toContain("not as Herald (HTTP 302)");
  });

  it("warns about a certificate it cannot trust, and about nothing listening", async () => {
    answer = { status: 200, body: TRACKING_HEALTH_BODY };
    expect(await probeTrackingHttps("localhost", { port })).toMatch(/^HTTPS on localhost has no valid certificate yet \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\)/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await probeTrackingHttps("localhost", { port: closedPort, ca })).toContain("HTTPS is not answering yet on localhost");
  });

  it("connects to no private address unless the installation allows it", async () => {
    process.env.HERALD_ALLOW_PRIVATE_TRACKING_HOSTS = "0";
    resetEnv();
    expect(await probeTrackingHttps("localhost", { port, ca })).toBe("HTTPS was not checked: localhost is this machine (loopback).");
  });
});
