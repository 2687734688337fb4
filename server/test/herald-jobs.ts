// Test support: Herald's real Inngest functions, called in process through the SDK's serve handler
// as Herald's runtime calls them (server/runtime/in-process-functions.ts), driven by a real embedded
// executor on the test database, with a manual clock. The /api/inngest route that an Inngest server
// calls over HTTP has its own tests (server/embedded-inngest/inngest-route.test.ts).
import { startEventApi, type EventApi } from "../embedded-inngest/event-api";
import { EmbeddedExecutor } from "../embedded-inngest/executor";
import { connectToEmbeddedExecutor } from "@/inngest/connection";
import { ManualClock, setClock, type Clock } from "../lib/clock";
import { outboxNotificationsInFlight, settleOutboxNotifications } from "../services/events/notify-outbox";
import { IN_PROCESS_SERVE_URL, inProcessFunctions } from "../runtime/in-process-functions";

const SIGNING_KEY = `signkey-test-${"cd".repeat(32)}`;
const EVENT_KEY = "herald-test-event-key";

export interface HeraldJobs<C extends Clock = ManualClock> {
  executor: EmbeddedExecutor;
  clock: C;
  stop(): Promise<void>;
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
  connectToEmbeddedExecutor({ eventApiUrl: eventApi.url, signingKey: SIGNING_KEY, eventKey: EVENT_KEY, transport: eventApi.transport });
  executor = new TestExecutor({ serveUrl: IN_PROCESS_SERVE_URL, transport: inProcessFunctions(), signingKey: SIGNING_KEY, clock, manual: options.manual ?? true });
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
    },
  };
}
