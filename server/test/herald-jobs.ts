// Test support: Herald's real Inngest functions, served by the real /api/inngest route handler on a
// local HTTP server, driven by a real embedded executor on the test database, with a manual clock.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startEventApi, type EventApi } from "../embedded-inngest/event-api";
import { EmbeddedExecutor } from "../embedded-inngest/executor";
import { connectToEmbeddedExecutor } from "@/inngest/connection";
import { ManualClock, setClock, type Clock } from "../lib/clock";
import { outboxNotificationsInFlight, settleOutboxNotifications } from "../services/events/notify-outbox";

const SIGNING_KEY = `signkey-test-${"cd".repeat(32)}`;
const EVENT_KEY = "herald-test-event-key";

export interface HeraldJobs<C extends Clock = ManualClock> {
  executor: EmbeddedExecutor;
  clock: C;
  stop(): Promise<void>;
}

function toRequest(request: IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://${request.headers.host}${request.url}`, {
    method: request.method,
    headers,
    body: ["GET", "HEAD"].includes(request.method ?? "GET") ? undefined : new Uint8Array(body),
  });
}

async function serveRoute(): Promise<{ url: string; server: Server }> {
  const route = await import("@/app/api/inngest/route");
  const handlers: Record<string, (request: Request) => Promise<Response>> = {
    GET: route.GET as never,
    POST: route.POST as never,
    PUT: route.PUT as never,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const handler = handlers[request.method ?? "GET"];
      if (!handler) return void response.writeHead(405).end();
      const result = await handler(toRequest(request, Buffer.concat(chunks)));
      response.writeHead(result.status, Object.fromEntries(result.headers.entries()));
      response.end(Buffer.from(await result.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/inngest`, server };
}

/**
 * The real executor, whose drain() also waits for the outbox notifications that commits started and
 * did not wait for (withOutbox answers before its notification leaves), and for the runs they start:
 * commits made by the test and by the runs being drained alike.
 */
class TestExecutor extends EmbeddedExecutor {
  override async drain(maxRounds?: number): Promise<void> {
    do {
      await settleOutboxNotifications();
      await super.drain(maxRounds);
    } while (outboxNotificationsInFlight() > 0);
  }
}

/**
 * With the default manual clock the executor only moves on drain(); with a real clock (benchmarks)
 * it runs its own loop.
 */
export async function startHeraldJobs<C extends Clock = ManualClock>(
  clock: C = new ManualClock("2026-03-02T09:00:00Z") as unknown as C,
  options: { manual?: boolean } = {},
): Promise<HeraldJobs<C>> {
  setClock(clock);
  let executor: EmbeddedExecutor | null = null;
  const eventApi: EventApi = await startEventApi({ eventKey: EVENT_KEY, executor: () => executor });
  connectToEmbeddedExecutor({ eventApiUrl: eventApi.url, signingKey: SIGNING_KEY, eventKey: EVENT_KEY });
  const served = await serveRoute();
  executor = new TestExecutor({ serveUrl: served.url, signingKey: SIGNING_KEY, clock, manual: options.manual ?? true });
  await executor.start();
  const started = executor;
  return {
    executor: started,
    clock,
    async stop() {
      // Notifications still on their way would otherwise find the event API closed.
      await settleOutboxNotifications();
      await started.stop();
      await eventApi.close();
      connectToEmbeddedExecutor(null);
      await new Promise((resolve) => served.server.close(resolve));
    },
  };
}
