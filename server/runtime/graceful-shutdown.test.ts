// Draining the HTTP server on shutdown: a request in flight finishes with its answer, idle
// keep-alive connections close at once, and a request past the bounded wait is cut.
import { createServer, request as httpRequest, Agent, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { trackRequests } from "./graceful-shutdown";

function slowServer(delayMs: number) {
  const server = createServer();
  const tracker = trackRequests(server);
  let started = 0;
  server.on("request", (request, response) => {
    started++;
    if (request.url === "/fast") return response.end("fast");
    setTimeout(() => response.end("done"), delayMs);
  });
  return { server, tracker, started: () => started };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; text: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: "127.0.0.1", port, path, agent }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, text, connection: response.headers.connection }));
    })
      .on("error", reject)
      .end();
  });
}

describe("graceful shutdown", () => {
  it("lets a request in flight finish, closes idle keep-alive connections and refuses new ones", async () => {
    const { server, tracker, started } = slowServer(400);
    const port = await listen(server);
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, "/fast", agent)).text).toBe("fast");
    const slow = get(port, "/slow");
    while (started() < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const drained = tracker.drain(5_000);
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, text: "done", connection: "close" });
    expect(await drained).toBe(true);
    await expect(get(port, "/fast")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    agent.destroy();
  });

  it("does not wait for a connection whose request was answered before its body was all sent", async () => {
    const { server, tracker } = slowServer(0);
    // Herald keeps idle connections for a minute: a drain that waited for this one would run out.
    server.keepAliveTimeout = 65_000;
    const port = await listen(server);
    const agent = new Agent({ keepAlive: true });
    // A chunked upload answered at once (as a refused one is) whose client then stops sending, never ending it.
    const answered = new Promise<string>((resolve, reject) => {
      const upload = httpRequest({ host: "127.0.0.1", port, path: "/fast", method: "POST", agent, headers: { "transfer-encoding": "chunked" } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve(text));
      });
      upload.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
      upload.write("the first part of a large body");
    });
    expect(await answered).toBe("fast");
    expect(await tracker.drain(2_000)).toBe(true);
    agent.destroy();
  });

  it("cuts what is still running when the wait runs out", async () => {
    const { server, tracker, started } = slowServer(60_000);
    const port = await listen(server);
    const slow = get(port, "/slow").catch((error: NodeJS.ErrnoException) => error.code);
    while (started() < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await tracker.drain(200)).toBe(false);
    expect(await slow).toBe("ECONNRESET");
  });
});
