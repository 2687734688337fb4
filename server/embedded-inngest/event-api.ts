// The part of an Inngest server's HTTP surface the SDK calls: the event API (`POST /e/<key>`, what
// inngest.send() and step.sendEvent() post to) and out-of-band registration (`POST /fn/register`).
// Listens on loopback only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { constantTimeEqual } from "../lib/crypto";
import { logger } from "../lib/logger";
import type { EmbeddedExecutor, IncomingEvent } from "./executor";

export interface EventApi {
  url: string;
  close(): Promise<void>;
}

function readBody(request: import("node:http").IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startEventApi(options: {
  eventKey: string;
  port?: number;
  executor: () => EmbeddedExecutor | null;
}): Promise<EventApi> {
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? "/", "http://localhost");
      const eventPath = /^\/e\/([^/]+)$/.exec(url.pathname);
      if (request.method === "POST" && eventPath) {
        if (!constantTimeEqual(decodeURIComponent(eventPath[1]!), options.eventKey)) {
          return send(401, { error: "Event key not found", status: 401 });
        }
        const executor = options.executor();
        if (!executor) return send(503, { error: "The executor is starting", status: 503 });
        const parsed = JSON.parse((await readBody(request)) || "[]") as IncomingEvent | IncomingEvent[];
        const events = (Array.isArray(parsed) ? parsed : [parsed]).filter((event) => typeof event?.name === "string");
        const ids = await executor.receiveEvents(events);
        return send(200, { ids, status: 200 });
      }
      if (request.method === "POST" && url.pathname === "/fn/register") {
        await readBody(request);
        void options.executor()?.sync().catch((error: unknown) => logger.error("Function sync failed", { error }));
        return send(200, { ok: true, modified: true });
      }
      if (request.method === "GET" && url.pathname === "/health") return send(200, { ok: true });
      send(404, { error: "Not found", status: 404 });
    } catch (error) {
      logger.error("Embedded event API error", { error });
      send(500, { error: (error as Error).message, status: 500 });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
