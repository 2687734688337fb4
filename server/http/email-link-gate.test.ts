// The links in campaign e-mails are opened by people without a Herald session and by mail
// providers (RFC 8058 one-click POSTs): the request gate must let them through to their handlers.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operations } from "../openapi/operations";
import { rawRequest } from "../test/raw-http";
import { createRequestGate } from "./request-gate";

let server: Server;
let base: string;
const passedThrough: string[] = [];

beforeAll(async () => {
  const gate = createRequestGate({ operations, publicUrlIsHttps: true, dev: false });
  server = createServer((request, response) => {
    if (gate(request, response)) return;
    passedThrough.push(`${request.method} ${request.url}`);
    request.resume();
    request.on("end", () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("lets the open pixel, tracked links, the unsubscribe page and one-click POSTs through", async () => {
  const requests: Array<[string, string, string?]> = [
    ["GET", "/t/o/abcdefghijklmnopqrstuvwxyz012345.gif"],
    ["GET", "/t/c/abcdefghijklmnopqrstuvwxyz012345?u=https%3A%2F%2Fexample.org&s=sig"],
    ["HEAD", "/t/c/abcdefghijklmnopqrstuvwxyz012345?u=https%3A%2F%2Fexample.org&s=sig"],
    ["GET", "/u/payload.signature"],
    ["POST", "/u/payload.signature", "List-Unsubscribe=One-Click"],
  ];
  for (const [method, path, body] of requests) {
    const response = await rawRequest(base, path, {
      method,
      ...(body ? { body: Buffer.from(body), headers: { "content-type": "application/x-www-form-urlencoded" } } : {}),
    });
    expect(response.status, `${method} ${path}`).toBe(200);
    expect(response.headers["strict-transport-security"]).toBeDefined();
  }
  expect(passedThrough).toEqual(requests.map(([method, path]) => `${method} ${path}`));
});
