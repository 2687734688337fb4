// The hourly purge of provider events on the real database: rows older than a week go, newer stay.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { purgeMailProviderEvents } from "./purge-mail-provider-events";

afterEach(() => setClock(systemClock));

describe("purgeMailProviderEvents", () => {
  it("forgets events and tokens taken more than a week ago, keeps the rest", async () => {
    setClock(new ManualClock("2026-03-10T12:00:00Z"));
    const { workspace } = await createTestWorkspace();
    const mailbox = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Rep", email: "rep@sender.example", fromName: "Rep", provider: "mailgun", authType: "api", connectedVia: "api", timezone: "UTC", createdAt: now(), updatedAt: now() },
    });
    const day = 24 * 3_600_000;
    const row = (eventId: string, kind: string, daysAgo: number) => ({ mailboxId: mailbox.id, provider: "mailgun", eventId, kind, receivedAt: new Date(now().getTime() - daysAgo * day) });
    await db.mailProviderEvent.createMany({ data: [row("old-event", "delivered", 8), row("old-token", "signature-token", 7.01), row("recent-event", "bounce-hard", 6.9), row("new-token", "signature-token", 0)] });
    expect(await purgeMailProviderEvents()).toEqual({ mailProviderEvents: 2 });
    const left = await db.mailProviderEvent.findMany({ where: { mailboxId: mailbox.id }, select: { eventId: true }, orderBy: { eventId: "asc" } });
    expect(left.map((event) => event.eventId)).toEqual(["new-token", "recent-event"]);
  });
});
