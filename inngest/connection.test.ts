// One definition of "an Inngest server is configured", and the embedded executor connected by
// options: the client takes its address and keys from the connection, not from process.env.
import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "./client";
import { connectToEmbeddedExecutor, inngestServerConfigured, jobRunnerConfigured, jobsRunEmbedded, signingKeys } from "./connection";

const connection = { eventApiUrl: "http://127.0.0.1:49999/", signingKey: `signkey-test-${"ef".repeat(32)}`, eventKey: "embedded-event-key" };

afterEach(() => connectToEmbeddedExecutor(null));

describe("inngestServerConfigured", () => {
  it("is false with none of the INNGEST_* server settings, whatever else is set", () => {
    expect(inngestServerConfigured({})).toBe(false);
    expect(inngestServerConfigured({ INNGEST_BASE_URL: "", HERALD_INNGEST_PORT: "8288", INNGEST_STREAMING: "true" })).toBe(false);
  });

  it.each(["INNGEST_BASE_URL", "INNGEST_API_BASE_URL", "INNGEST_EVENT_API_BASE_URL", "INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY", "INNGEST_DEV"])(
    "is true with %s alone",
    (name) => {
      expect(inngestServerConfigured({ [name]: "1" })).toBe(true);
    },
  );
});

describe("the embedded connection", () => {
  it("makes jobs run embedded and a job runner configured, with no INNGEST_* setting", () => {
    expect(jobsRunEmbedded()).toBe(false);
    expect(jobRunnerConfigured({})).toBe(false);
    connectToEmbeddedExecutor(connection);
    expect(jobsRunEmbedded()).toBe(true);
    expect(jobRunnerConfigured({})).toBe(true);
    connectToEmbeddedExecutor(null);
    expect(jobRunnerConfigured({})).toBe(false);
    expect(jobRunnerConfigured({ INNGEST_EVENT_KEY: "key" })).toBe(true);
  });

  it("gives the client the executor's event API and keys as options", () => {
    connectToEmbeddedExecutor(connection);
    expect(inngest.eventBaseUrl).toBe(connection.eventApiUrl);
    expect(inngest.apiBaseUrl).toBe(connection.eventApiUrl);
    expect(inngest.eventKey).toBe(connection.eventKey);
    expect(inngest.signingKey).toBe(connection.signingKey);
  });

  it("signs /api/inngest with the executor's key, else with the server's keys", () => {
    expect(signingKeys({ INNGEST_SIGNING_KEY: "a", INNGEST_SIGNING_KEY_FALLBACK: "b" })).toEqual(["a", "b"]);
    expect(signingKeys({})).toEqual([]);
    connectToEmbeddedExecutor(connection);
    expect(signingKeys({ INNGEST_SIGNING_KEY: "a" })).toEqual([connection.signingKey]);
  });
});

describe("events sent in this process", () => {
  it("hands inngest.send() to the event API's in-process transport, with the event key in the path and the events as the body", async () => {
    const seen: Array<{ url: string; method: string | undefined; body: unknown }> = [];
    connectToEmbeddedExecutor({
      ...connection,
      transport: async (url, init) => {
        seen.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
        return Response.json({ ids: ["evt_1"], status: 200 });
      },
    });
    const sent = await inngest.send({ name: "herald/test.sent", data: { n: 1 } });
    expect(sent.ids).toEqual(["evt_1"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: "http://127.0.0.1:49999/e/embedded-event-key", method: "POST" });
    expect(seen[0]!.body).toEqual([expect.objectContaining({ name: "herald/test.sent", data: { n: 1 } })]);
  });

  it("sends anything not addressed to the event API's origin out with fetch, even when the address starts alike", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((request, response) => response.end(JSON.stringify({ path: request.url })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as import("node:net").AddressInfo).port;
    try {
      let handed = 0;
      // The event API on a port whose digits begin the real server's port: a prefix test would confuse them.
      connectToEmbeddedExecutor({ ...connection, eventApiUrl: `http://127.0.0.1:${String(port).slice(0, -1)}`, transport: async () => (handed++, Response.json({})) });
      const { embeddedAwareFetch } = await import("./connection");
      const response = await embeddedAwareFetch(`http://127.0.0.1:${port}/elsewhere`);
      expect(await response.json()).toEqual({ path: "/elsewhere" });
      expect(handed).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
