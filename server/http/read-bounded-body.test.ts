// Bodies with no declared length (chunked) are cut off at the route's limit while being read.
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body-limits";
import { readBoundedBody, withBodyLimit } from "./read-bounded-body";

/** A stream of `chunks` chunks of 64 KB that counts how many were pulled. */
function chunkedBody(chunks: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(64 * 1024).fill(97));
    },
  });
  return { stream, pulled: () => pulled };
}

function post(url: string, body: ReadableStream<Uint8Array>) {
  return new Request(url, { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
}

describe("bounded body reader", () => {
  it("reads a body within the limit", async () => {
    const { stream } = chunkedBody(3);
    expect((await readBoundedBody(post("http://herald.test/api/v1/webhooks", stream))).length).toBe(3 * 64 * 1024);
  });

  it("stops reading a chunked body past the limit with a 413", async () => {
    const { stream, pulled } = chunkedBody(3200); // 200 MB if read whole
    await expect(readBoundedBody(post("http://herald.test/api/v1/webhooks", stream))).rejects.toMatchObject({ status: 413, code: "payload-too-large" });
    expect(pulled()).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES / (64 * 1024) + 2);
  });

  it("guards handlers that read the body themselves: 413 in the error shape, the handler never called", async () => {
    const { stream, pulled } = chunkedBody(3200);
    let called = 0;
    const guarded = withBodyLimit(async (request: Request) => {
      called++;
      return Response.json({ length: (await request.text()).length });
    });
    const response = await guarded(post("http://herald.test/api/trpc/setup.acceptInvitation", stream));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload-too-large", details: { limitBytes: DEFAULT_BODY_LIMIT_BYTES } } });
    expect(pulled()).toBeLessThan(100);
    expect(called).toBe(0);
    const small = await guarded(post("http://herald.test/api/trpc/setup.acceptInvitation", chunkedBody(2).stream));
    expect(await small.json()).toEqual({ length: 2 * 64 * 1024 });
  });
});
