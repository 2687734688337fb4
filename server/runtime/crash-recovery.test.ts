// A Herald process killed with SIGKILL in the middle of webhook deliveries and started again:
// every event is delivered at least once, and nothing the receiver did not acknowledge is ever
// marked delivered. A real child process on the real PostgreSQL, a real receiver.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { withOutbox } from "../services/events/with-outbox";
import { createWebhook } from "../services/webhooks/create-webhook";
import { createTestWorkspace } from "../test/factories";
import { startHeraldProcess, waitFor, type HeraldProcess } from "../test/herald-process";
import { startWebhookReceiver } from "../test/webhook-receiver";
import { ZCreateWebhookInput } from "../schemas/webhook";

const EVENTS = 60;
let herald: HeraldProcess | null = null;

afterAll(async () => {
  await herald?.kill("SIGTERM");
});

describe("crash recovery", () => {
  it("delivers every event at least once across SIGKILLs, never marking unacknowledged ones delivered", { timeout: 240_000 }, async () => {
    const receiver = await startWebhookReceiver();
    // Slow enough that the kill lands while deliveries are in flight.
    receiver.answer({ status: 200, delayMs: 40 });
    const { actor } = await createTestWorkspace();
    await createWebhook(actor, ZCreateWebhookInput.parse({ url: receiver.url, events: ["lead.status_changed"] }));
    await withOutbox(async (_tx, emit) => {
      for (let index = 0; index < EVENTS; index++) {
        await emit({ workspaceId: actor.workspaceId, event: "lead.status_changed", data: { sequence: index } });
      }
    });
    const acknowledged = () => new Set(receiver.received.filter((entry) => entry.answeredStatus === 200).map((entry) => entry.headers["x-herald-delivery"] as string));
    const markedDelivered = async () =>
      new Set((await db.webhookDelivery.findMany({ where: { workspaceId: actor.workspaceId, status: "delivered" }, select: { id: true } })).map((row) => row.id));

    const env = { HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: "1", HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! };
    for (const killAfter of [8, 25]) {
      herald = await startHeraldProcess({ databaseUrl: process.env.DATABASE_URL!, env });
      await waitFor(async () => receiver.received.length >= killAfter, `${killAfter} deliveries`);
      await herald.kill("SIGKILL");
      for (const id of await markedDelivered()) expect(acknowledged().has(id), `${id} marked delivered without acknowledgement`).toBe(true);
      expect((await markedDelivered()).size).toBeLessThan(EVENTS);
    }

    herald = await startHeraldProcess({ databaseUrl: process.env.DATABASE_URL!, env });
    await waitFor(async () => (await markedDelivered()).size === EVENTS, "every delivery to be marked delivered", 120_000);
    const delivered = await markedDelivered();
    for (const id of delivered) expect(acknowledged().has(id)).toBe(true);
    const sequences = new Set(receiver.received.map((entry) => entry.body.data.sequence));
    expect(sequences.size).toBe(EVENTS);
    await herald.kill("SIGTERM");
    herald = null;
    await receiver.close();
  });
});
