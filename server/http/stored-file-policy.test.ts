// The request gate runs before Next and sets the dashboard's policy on every answer; Next then keeps
// a header already set over the route's. So a stored file's address must get its sandboxing policy
// from the gate itself, or the route's `sandbox` would be silently dropped.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../openapi/operations";
import { createRequestGate } from "./request-gate";
import { STORED_FILE_CSP } from "./stored-file-policy";

let server: Server;
let base: string;

beforeAll(async () => {
  const gate = createRequestGate({ operations, publicUrlIsHttps: false, dev: false });
  server = createServer((request, response) => {
    if (gate(request, response)) return;
    response.writeHead(200, { "content-type": "text/plain" }).end("passed");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the request gate and stored files", () => {
  it("sets the sandboxing policy and nosniff on a file address, for GET, HEAD and refusals alike", async () => {
    for (const method of ["GET", "HEAD", "POST"]) {
      const response = await fetch(`${base}/api/files/files/wsp_1/abc?expires=1&signature=x`, { method });
      expect(response.headers.get("content-security-policy"), method).toBe(STORED_FILE_CSP);
      expect(response.headers.get("content-security-policy")).toMatch(/(^|; )sandbox(;|$)/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("sets it too on an address that reaches a file only once the router resolves its dot segments", async () => {
    // Browsers resolve `..` before sending; a raw client does not, and Next routes the resolved path.
    for (const path of ["/api/trpc/../files/files/wsp_1/abc", "/campaigns/%2e%2e/api/files/files/wsp_1/abc", "/api/./files/files/wsp_1/abc"]) {
      const policy = await new Promise<string | undefined>((resolve, reject) => {
        const url = new URL(base);
        httpRequest({ host: url.hostname, port: url.port, path: `${path}?expires=1&signature=x` }, (response) => {
          response.resume();
          resolve(response.headers["content-security-policy"] as string | undefined);
        })
          .on("error", reject)
          .end();
      });
      expect(policy, path).toBe(STORED_FILE_CSP);
    }
  });

  it("leaves the dashboard's own policy on other pages", async () => {
    const response = await fetch(`${base}/campaigns`);
    expect(response.headers.get("content-security-policy")).not.toBe(STORED_FILE_CSP);
    expect(response.headers.get("content-security-policy")).not.toMatch(/(^|; )sandbox(;|$)/);
  });
});
