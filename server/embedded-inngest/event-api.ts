// The part of an Inngest server's HTTP surface the SDK calls: the event API (`POST /e/<key>`, what
// inngest.send() and step.sendEvent() post to) and out-of-band registration (`POST /fn/register`).
// Listens on loopback only; the SDK in Herald's own process reaches it without the socket, through
// `transport` (inngest/client.ts's fetch), with the same answers.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { constantTimeEqual } from "../lib/crypto";
import { logger } from "../lib/logger";
import type { EmbeddedExecutor, IncomingEvent } from "./executor";

export interface EventApi {
  url: string;
  /** The same answers without a socket, for the SDK in this process (inngest/connection.ts). */
  transport: EventTransport;
  close(): Promise<void>;
}

/** One SDK request to the event API, answered in this process. */
export type EventTransport = (url: string, init: RequestInit) => Promise<Response>;

/** What the event API needs of the executor. */
export type EventReceiver = Pick<EmbeddedExecutor, "receiveEvents" | "sync">;

interface EventApiOptions {
  eventKey: string;
  port?: number;
  executor: () => EventReceiver | null;
}

function readBody(request: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** What the event API answers a request: over HTTP or in-process alike. */
async function answer(options: EventApiOptions, method: string, pathname: string, body: () => Promise<string>): Promise<{ status: number; body: unknown }> {
  try {
    const eventPath = /^\/e\/([^/]+)$/.exec(pathname);
    if (method === "POST" && eventPath) {
      if (!constantTimeEqual(decodeURIComponent(eventPath[1]!), options.eventKey)) {
        return { status: 401, body: { error: "Event key not found", status: 401 } };
      }
      const executor = options.executor();
      if (!executor) return { status: 503, body: { error: "The executor is starting", status: 503 } };
      const parsed = JSON.parse((await body()) || "[]") as IncomingEvent | IncomingEvent[];
      const events = (Array.isArray(parsed) ? parsed : [parsed]).filter((event) => typeof event?.name === "string");
      const ids = await executor.receiveEvents(events);
      return { status: 200, body: { ids, status: 200 } };
    }
    if (method === "POST" && pathname === "/fn/register") {
      await body();
      void options.executor()?.sync().catch((error: unknown) => logger.error("Function sync failed", { error }));
      return { status: 200, body: { ok: true, modified: true } };
    }
    if (method === "GET" && pathname === "/health") return { status: 200, body: { ok: true } };
    return { status: 404, body: { error: "Not found", status: 404 } };
  } catch (error) {
    logger.error("Embedded event API error", { error });
    return { status: 500, body: { error: (error as Error).message, status: 500 } };
  }
}

export async function startEventApi(options: EventApiOptions): Promise<EventApi> {
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const result = await answer(options, request.method ?? "GET", url.pathname, () => readBody(request));
    response.writeHead(result.status, { "content-type": "application/json" });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async transport(url, init) {
      const request = new Request(url, init);
      const result = await answer(options, request.method, new URL(request.url).pathname, () => request.text());
      return Response.json(result.body, { status: result.status });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
