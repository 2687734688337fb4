// How Herald's process routes /api/mcp, on a loopback server standing the process's two gates in
// front of a stub: the request gate hands POSTs to the MCP endpoint and answers other methods itself,
// and a tracking host never serves it.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRequestGate } from "@/server/http/request-gate";
import { createTrackingHostGate } from "@/server/http/tracking-host-gate";
import { MCP_PATH } from "@/server/http/mcp-path";
import { LEADS_BODY_LIMIT_BYTES, bodyLimitFor } from "@/server/http/body-limits";

let server: Server;
let port: number;
const served: string[] = [];

beforeAll(async () => {
  const hostGate = createTrackingHostGate({ heraldHost: "herald.test", trustedProxies: 0, trackingHostState: async (host) => (host === "track.acme.test" ? "serves" : null) });
  const gate = createRequestGate({
    operations: [],
    publicUrlIsHttps: false,
    dev: false,
    serveMcp: (request, response) => {
      served.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    },
  });
  server = createServer((request, response) => {
    const serve = () => gate(request, response) || response.writeHead(200).end("next");
    const refused = hostGate(request, response);
    if (refused === false) serve();
    else if (refused !== true) void refused.then((answered) => answered || serve());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, host: string): Promise<{ status: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path: MCP_PATH, method, headers: { host } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode!, allow: response.headers.allow }));
    });
    request.on("error", reject);
    request.end(method === "POST" ? "{}" : undefined);
  });
}

it("hands a POST to the MCP endpoint, before Next.js", async () => {
  expect(await send("POST", "herald.test")).toMatchObject({ status: 200 });
  expect(served).toEqual([`POST ${MCP_PATH}`]);
});

it("answers other methods itself: 405 with Allow, 204 to OPTIONS", async () => {
  expect(await send("GET", "herald.test")).toEqual({ status: 405, allow: "POST" });
  expect(await send("DELETE", "herald.test")).toEqual({ status: 405, allow: "POST" });
  expect(await send("OPTIONS", "herald.test")).toEqual({ status: 204, allow: "POST, OPTIONS" });
  expect(served).toHaveLength(1);
});

it("is not served on a tracking host", async () => {
  expect((await send("POST", "track.acme.test")).status).toBe(404);
  expect(served).toHaveLength(1);
});

it("takes bodies as large as adding leads does", () => {
  expect(bodyLimitFor(MCP_PATH)).toBe(LEADS_BODY_LIMIT_BYTES);
});
