// A client that closes the connection in the middle of a body (Node fails the body's stream with
// "aborted") made every API route log `ERROR API request failed` with a stack trace: any client
// could flood the log at will. It is a 400 nobody reads and one debug line without a stack.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineOperation } from "./api-operation";
import { apiHandler } from "./api-handler";
import { readBoundedBody, withBodyLimit } from "./read-bounded-body";

const savedLevel = process.env.HERALD_LOG_LEVEL;
afterEach(() => {
  process.env.HERALD_LOG_LEVEL = savedLevel;
  vi.restoreAllMocks();
});

/** A body that sends a few bytes, then fails as Node's request stream does when the client hangs up. */
function abortedPost(url: string) {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      sent = true;
      controller.enqueue(new TextEncoder().encode('{"name":'));
    },
  });
  return new Request(url, { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
}

function captureLog() {
  const lines: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
  vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
  return lines;
}

const operation = defineOperation({
  operationId: "echoName",
  method: "post",
  path: "/echo",
  summary: "Echo",
  tags: ["Test"],
  authenticated: false,
  body: z.object({ name: z.string() }),
  response: z.object({ name: z.string() }),
});
const route = apiHandler(operation, async ({ body }) => ({ name: body.name }));

describe("a body the client stops sending", () => {
  it("is a 400 bad-request from the reader, logged once at debug level without a stack", async () => {
    process.env.HERALD_LOG_LEVEL = "debug";
    const lines = captureLog();
    await expect(readBoundedBody(abortedPost("http://herald.test/api/v1/echo"))).rejects.toMatchObject({ status: 400, code: "bad-request" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ DEBUG Request body not received/);
    expect(lines[0]).toContain('"reason":"aborted"');
    expect(lines[0]).not.toContain("stack");
  });

  it("writes nothing at the default level, on the API's routes and on the routes that read bodies themselves", async () => {
    process.env.HERALD_LOG_LEVEL = "info";
    const lines = captureLog();
    const response = await route.serve(abortedPost("http://herald.test/api/v1/echo"), {});
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body ?? "{}").error.code).toBe("bad-request");
    const guarded = withBodyLimit(async () => Response.json({ reached: true }));
    expect((await guarded(abortedPost("http://herald.test/api/trpc/webhooks.create"))).status).toBe(400);
    expect(lines).toEqual([]);
  });
});
