// A write answered while Herald stops still gets its outbox notification to the job runner: the
// notification is not awaited by the request, so shutdown waits for it before closing the event API
// and the database. The real process (the production build) on the real PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { encodeUnsubscribeToken } from "../services/mail/tracking/tracking-signature";
import { createTestWorkspace } from "../test/factories";
import { postAcrossSigterm, startHeraldProcess, waitFor, type HeraldProcess } from "../test/herald-process";

let herald: HeraldProcess | null = null;

afterAll(async () => {
  await herald?.kill("SIGKILL");
});

describe("shutdown", () => {
  it("sends the outbox notification of a write answered during SIGTERM before exiting", { timeout: 120_000 }, async () => {
    const { workspace } = await createTestWorkspace();
    const address = "stopping@example.com";
    await db.lead.create({ data: { workspaceId: workspace.id, email: address, source: "api", createdAt: new Date(), updatedAt: new Date() } });
    const token = encodeUnsubscribeToken({ workspaceId: workspace.id, address, emailMessageId: "eml_gone", campaignLeadId: null, mailboxEmail: null });
    herald = await startHeraldProcess({
      databaseUrl: process.env.DATABASE_URL!,
      env: { HERALD_ENCRYPTION_KEY: process.env.HERALD_ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! },
    });
    const running = herald;
    // The startup sweep dispatches what was committed before: from then on, the unsubscribe is the oldest.
    await waitFor(async () => (await db.outboxEvent.count({ where: { dispatchedAt: null } })) === 0, "the startup sweep");

    // A mail provider's one-click unsubscribe (RFC 8058): the route reads the body before it commits,
    // so the write commits while Herald stops.
    const result = await postAcrossSigterm(running, {
      path: `/u/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(result.status, result.body).toBe(200);
    expect(result.exitCode).toBe(0);
    herald = null;

    const unsubscribed = await db.outboxEvent.findFirstOrThrow({ where: { workspaceId: workspace.id, event: "email.unsubscribed" } });
    // Committed after the executor stopped: only the notification can have told the job runner.
    expect(unsubscribed.dispatchedAt).toBeNull();
    // The notification reached the (stopped) executor's event API: its run waits for the next start.
    expect(await db.jobEvent.findUnique({ where: { id: `outbox-${unsubscribed.id}` } })).toMatchObject({ name: "herald/outbox.committed" });
  });
});
