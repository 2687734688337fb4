// Test support: serve Inngest functions on a real local HTTP server and drive them with a real
// embedded executor and event API, on the test database, with a manual clock.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Inngest, type InngestFunction } from "inngest";
import { serve } from "inngest/node";
import { ManualClock, setClock } from "../lib/clock";
import { startEventApi, type EventApi } from "../embedded-inngest/event-api";
import { EmbeddedExecutor } from "../embedded-inngest/executor";

export const TEST_SIGNING_KEY = `signkey-test-${"ab".repeat(32)}`;
export const TEST_EVENT_KEY = "test-event-key";

export interface Harness {
  client: Inngest;
  executor: EmbeddedExecutor;
  clock: ManualClock;
  eventApi: EventApi;
  serveUrl: string;
  stop(): Promise<void>;
}

/** An Inngest client wired to a local event API, created before the functions that use it. */
export async function startEventApiFor(getExecutor: () => EmbeddedExecutor | null, port?: number) {
  return startEventApi({ eventKey: TEST_EVENT_KEY, executor: getExecutor, port });
}

export function testClient(id: string, eventApiUrl: string): Inngest {
  return new Inngest({
    id,
    isDev: false,
    signingKey: TEST_SIGNING_KEY,
    eventKey: TEST_EVENT_KEY,
    baseUrl: eventApiUrl,
    checkpointing: false,
  });
}

export async function serveFunctions(client: Inngest, functions: InngestFunction.Any[]): Promise<{ url: string; server: Server }> {
  const handler = serve({ client, functions });
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/inngest`, server };
}

export async function startHarness(options: {
  appId: string;
  functions: (client: Inngest) => InngestFunction.Any[];
  clock?: ManualClock;
  eventApiPort?: number;
  maxParallel?: number;
}): Promise<Harness> {
  const clock = options.clock ?? new ManualClock("2026-03-02T09:00:00Z");
  setClock(clock);
  let executor: EmbeddedExecutor | null = null;
  const eventApi = await startEventApiFor(() => executor, options.eventApiPort);
  const client = testClient(options.appId, eventApi.url);
  const served = await serveFunctions(client, options.functions(client));
  executor = new EmbeddedExecutor({ serveUrl: served.url, signingKey: TEST_SIGNING_KEY, clock, manual: true, maxParallel: options.maxParallel });
  await executor.start();
  const started = executor;
  return {
    client,
    executor: started,
    clock,
    eventApi,
    serveUrl: served.url,
    async stop() {
      await started.stop();
      await eventApi.close();
      await new Promise((resolve) => served.server.close(resolve));
    },
  };
}
