// Contract of sync-sender-conversations with Inngest's own test engine: a herald/sender-conversations.sync
// event reads one sender in one step, one read per sender at a time; the cron, every 15 minutes,
// sends that event for every connected sender through step.sendEvent. The services are mocked (no
// database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listConversationSyncSenders } from "@/server/services/linkedin-activity/list-conversation-sync-senders";
import { syncSenderConversations } from "@/server/services/linkedin-activity/sync-sender-conversations";
import { syncedFunction } from "../../server/test/inngest-contract";
import { CONVERSATION_SYNC_CRON, SYNCS_PER_SEND, syncSenderConversationsFunction } from "./sync-sender-conversations";

vi.mock("@/server/services/linkedin-activity/sync-sender-conversations", () => ({ syncSenderConversations: vi.fn() }));
vi.mock("@/server/services/linkedin-activity/list-conversation-sync-senders", () => ({ listConversationSyncSenders: vi.fn() }));

const syncEvent = (senderId: string) => ({ name: "herald/sender-conversations.sync", data: { senderId } });
const cronEvent = { name: "inngest/scheduled.timer", data: { cron: CONVERSATION_SYNC_CRON } };
/** A fresh engine per run; the sendEvent steps answer as Inngest does (the ids of the events it took). */
const engine = (sends = 1) =>
  new InngestTestEngine({
    function: syncSenderConversationsFunction,
    steps: Array.from({ length: sends }, (_, index) => ({ id: `sync-senders-${index}`, handler: () => ({ ids: [`event-${index}`] }) })),
  });

afterEach(() => vi.resetAllMocks());

describe("sync-sender-conversations", () => {
  it("is triggered by herald/sender-conversations.sync and every 15 minutes, one read per sender at a time", async () => {
    const { config, spec } = await syncedFunction(syncSenderConversationsFunction);
    expect(config.triggers).toEqual([{ event: "herald/sender-conversations.sync" }, { cron: "*/15 * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.senderId" });
    expect(spec).toMatchObject({
      eventTriggers: [{ event: "herald/sender-conversations.sync" }],
      cronTriggers: ["*/15 * * * *"],
      maxAttempts: 3,
      concurrency: [{ limit: 1, key: "event.data.senderId", scope: "fn" }],
    });
  });

  it("reads the event's sender in one step", async () => {
    const synced = { state: "synced" as const, history: true, since: "2026-02-01T09:00:00.000Z", chats: 2, skippedChats: 1, stored: 5 };
    vi.mocked(syncSenderConversations).mockResolvedValue(synced);
    const { result, ctx } = await engine().execute({ events: [syncEvent("acc_a")] });
    expect(result).toEqual(synced);
    expect(syncSenderConversations).toHaveBeenCalledExactlyOnceWith("acc_a");
    expect(ctx.step.run).toHaveBeenCalledExactlyOnceWith("sync", expect.any(Function));
    expect(listConversationSyncSenders).not.toHaveBeenCalled();
  });

  it("on its cron, sends one read event per connected sender and reads none itself", async () => {
    vi.mocked(listConversationSyncSenders).mockResolvedValue(["acc_a", "acc_b"]);
    const { result, ctx } = await engine().execute({ events: [cronEvent] });
    expect(result).toEqual({ senders: 2 });
    expect(syncSenderConversations).not.toHaveBeenCalled();
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
    const [stepId, events] = ctx.step.sendEvent.mock.calls[0]!;
    expect(stepId).toBe("sync-senders-0");
    expect(events).toEqual([
      expect.objectContaining({ name: "herald/sender-conversations.sync", data: { senderId: "acc_a" } }),
      expect.objectContaining({ name: "herald/sender-conversations.sync", data: { senderId: "acc_b" } }),
    ]);
  });

  it("splits many senders into several sendEvent steps, and sends nothing without senders", async () => {
    vi.mocked(listConversationSyncSenders).mockResolvedValue(Array.from({ length: SYNCS_PER_SEND + 1 }, (_, index) => `acc_${index}`));
    const { ctx } = await engine(2).execute({ events: [cronEvent] });
    const calls = ctx.step.sendEvent.mock.calls as Array<[string, unknown[]]>;
    expect(calls.map(([id, events]) => [id, events.length])).toEqual([
      ["sync-senders-0", SYNCS_PER_SEND],
      ["sync-senders-1", 1],
    ]);
    vi.mocked(listConversationSyncSenders).mockResolvedValue([]);
    const none = await engine().execute({ events: [cronEvent] });
    expect(none.ctx.step.sendEvent).not.toHaveBeenCalled();
    expect(none.result).toEqual({ senders: 0 });
  });
});
