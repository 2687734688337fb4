// The dashboard's Content-Security-Policy: a fresh script nonce for every request, no 'unsafe-inline'
// for scripts, and the same policy handed to Next.js on the request (it takes the nonce from there),
// whatever policy the client sent. The browser side is e2e/security-headers.spec.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../openapi/operations";
import { rawRequest } from "../test/raw-http";
import { createRequestGate } from "./request-gate";
import { contentSecurityPolicy } from "./security-headers";

let server: Server;
let base: string;

function directive(policy: string, name: string): string {
  return policy.split(";").map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? "";
}

beforeAll(async () => {
  const gate = createRequestGate({ operations, publicUrlIsHttps: false, dev: false });
  // Behind the gate, answers with the policy the request carried (what Next.js would read).
  server = createServer((request, response) => {
    if (gate(request, response)) return;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ seen: request.headers["content-security-policy"] ?? null, reportOnly: request.headers["content-security-policy-report-only"] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("Content-Security-Policy", () => {
  it("allows scripts only by a nonce, fresh for every request", async () => {
    const nonces = new Set<string>();
    for (let index = 0; index < 5; index++) {
      const policy = String((await rawRequest(base, "/campaigns")).headers["content-security-policy"]);
      const scripts = directive(policy, "script-src");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      const nonce = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(scripts)?.[1];
      expect(nonce, scripts).toBeDefined();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
  });

  it("hands Next.js the response's own policy on the request, replacing any the client sent", async () => {
    const response = await rawRequest(base, "/campaigns", {
      headers: { "content-security-policy": "script-src 'nonce-chosenbytheclient'", "content-security-policy-report-only": "script-src 'nonce-x'" },
    });
    const seen = response.json as { seen: string; reportOnly: string | null };
    expect(seen.seen).toBe(response.headers["content-security-policy"]);
    expect(seen.seen).not.toContain("chosenbytheclient");
    expect(seen.reportOnly).toBeNull();
  });

  it("keeps inline styles (React Flow) and allows eval only in development", () => {
    const production = contentSecurityPolicy({ dev: false, nonce: "abc" });
    const development = contentSecurityPolicy({ dev: true, nonce: "abc" });
    expect(directive(production, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(production, "script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(directive(development, "script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic' 'unsafe-eval'");
    expect(directive(development, "script-src")).not.toContain("'unsafe-inline'");
  });
});
