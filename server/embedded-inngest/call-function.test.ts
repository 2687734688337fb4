// callFunction against a real local server that drops connections: a closed connection is asked
// again at once, and a function that stays unreachable is a retriable network error.
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { callFunction, httpTransport, inProcessTransport, type CallInput } from "./call-function";

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A server that resets the first `drops` connections once a request arrives, then answers 200. */
async function flakyServer(drops: number): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = createServer((socket) => {
    socket.once("data", () => {
      requests += 1;
      if (requests <= drops) {
        socket.resetAndDestroy();
        return;
      }
      const body = JSON.stringify({ done: true });
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/inngest`, requests: () => requests };
}

function input(serveUrl: string): CallInput {
  return {
    serveUrl,
    transport: httpTransport(),
    functionId: "app-fn",
    stepId: "step",
    signingKey: `signkey-test-${"ab".repeat(32)}`,
    nowSeconds: 1_772_000_000,
    body: {
      event: { name: "test/go", data: {} },
      events: [{ name: "test/go", data: {} }],
      steps: {},
      ctx: { run_id: "run", attempt: 0, max_attempts: 3, disable_immediate_execution: false, use_api: false, stack: { stack: [], current: 0 } },
    },
  };
}

it("asks again at once when the connection is reset before any answer", async () => {
  const flaky = await flakyServer(1);
  expect(await callFunction(input(flaky.url))).toEqual({ kind: "completed", output: { done: true } });
  expect(flaky.requests()).toBe(2);
});

it("reports a retriable network error when the function stays unreachable", async () => {
  const flaky = await flakyServer(5);
  const result = await callFunction(input(flaky.url));
  expect(result).toMatchObject({ kind: "error", retriable: true, error: { name: "NetworkError" } });
  expect(flaky.requests()).toBe(2);
});

it("hands the signed request to an in-process handler with the Host header a server would have seen", async () => {
  const seen: Request[] = [];
  const transport = inProcessTransport(async (request) => {
    seen.push(request);
    return Response.json({ done: true });
  });
  const result = await callFunction({ ...input("http://herald.in-process/api/inngest"), transport });
  expect(result).toEqual({ kind: "completed", output: { done: true } });
  expect(seen).toHaveLength(1);
  expect(seen[0]!.headers.get("host")).toBe("herald.in-process");
  expect(seen[0]!.headers.get("x-inngest-signature")).toMatch(/^t=\d+&s=[0-9a-f]{64}$/);
  expect(new URL(seen[0]!.url).searchParams.get("fnId")).toBe("app-fn");
  expect(await seen[0]!.json()).toMatchObject({ version: 2, ctx: { run_id: "run" } });
});

it("reports a step the in-process handler answered with ops as ops, not as an error", async () => {
  const ops = [{ id: "abc", op: "Step", name: "first", data: 1 }];
  const transport = inProcessTransport(async () => Response.json(ops, { status: 206 }));
  expect(await callFunction({ ...input("http://herald.in-process/api/inngest"), transport })).toEqual({ kind: "ops", ops, retryAfter: null });
});
