// Paths whose percent-escapes do not decode reached Next.js, which answered 500 text/plain on every
// route that reads its path (the probe found 12). The request gate answers them a 400 itself: the
// API's error shape under /api, a short text page for pages. Well-formed escapes pass through, and
// so do query strings (Next keeps an undecodable escape there as it is; routes validate values).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../openapi/operations";
import { rawRequest } from "../test/raw-http";
import { pathDecodes } from "./malformed-url";
import { createRequestGate } from "./request-gate";

let server: Server;
let base: string;
const passedThrough: string[] = [];

beforeAll(async () => {
  const gate = createRequestGate({ operations, publicUrlIsHttps: false, dev: false });
  server = createServer((request, response) => {
    if (gate(request, response)) return;
    passedThrough.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "text/plain" }).end("through");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const BAD_ESCAPES = ["%ff", "%", "%zz", "%E0%A4-", "%c0%af"];
const PAGES = ["/u/", "/t/c/", "/t/o/", "/connect/", "/connect/mailbox/", "/invite/", "/campaigns/", "/sandbox/captcha/", "/leads/"];
const API_ROUTES = ["/api/files/", "/api/trpc/", "/api/auth/"];

describe("malformed percent-escapes", () => {
  it("tells a path that decodes from one that does not", () => {
    expect(pathDecodes("/u/%ff")).toBe(false);
    expect(pathDecodes("/u/%")).toBe(false);
    expect(pathDecodes("/campaigns/Zo%C3%AB")).toBe(true);
    expect(pathDecodes("/t/c/tok%2Fen+x")).toBe(true);
    expect(pathDecodes("/")).toBe(true);
  });

  it("answers a page with a bad escape in its path a 400 text page, never passing it to Next", async () => {
    const before = passedThrough.length;
    for (const page of PAGES) {
      for (const escape of BAD_ESCAPES) {
        const response = await rawRequest(base, `${page}abc${escape}def`);
        expect({ page, escape, status: response.status }).toEqual({ page, escape, status: 400 });
        expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
        expect(response.text).toContain("malformed percent-escape");
        // The security headers still go out.
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
      }
    }
    expect(passedThrough.length).toBe(before);
  });

  it("answers an /api route with a bad escape in its path a 400 in the error shape naming `path`", async () => {
    for (const route of API_ROUTES) {
      for (const method of ["GET", "POST"]) {
        const response = await rawRequest(base, `${route}x%ff`, { method, body: method === "POST" ? "{}" : undefined });
        expect({ route, method, status: response.status }).toEqual({ route, method, status: 400 });
        expect(response.json).toMatchObject({ error: { code: "invalid-input", details: { fields: [{ field: "path" }] } } });
      }
    }
  });

  it("answers HEAD without a body, and judges the path only, not the query", async () => {
    const head = await rawRequest(base, "/u/%ff", { method: "HEAD" });
    expect(head.status).toBe(400);
    expect(head.text).toBe("");
  });

  it("still names the public API's path parameter, and lets well-formed addresses through", async () => {
    const parameter = await rawRequest(base, "/api/v1/campaigns/%ff");
    expect(parameter.status).toBe(400);
    expect(parameter.json.error.details.fields[0].field).toBe("id");
    const before = passedThrough.length;
    const paths = ["/campaigns/Zo%C3%AB", "/u/abc?x=%20y+z", "/api/trpc/campaigns.list?input=%7B%7D", "/t/c/tok%2Fen", "/campaigns?tab=%ff"];
    for (const path of paths) expect((await rawRequest(base, path)).status).toBe(200);
    expect(passedThrough.length).toBe(before + paths.length);
  });
});
