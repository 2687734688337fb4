// Contract of poll-mailboxes with Inngest's own test engine: every minute, one poll at a time,
// one herald/mailbox-read.due per mailbox to read, with an id per mailbox and minute (Inngest's
// de-duplication: a poll run twice starts no second reader). The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { listMailboxesToRead } from "@/server/services/mail/inbound/list-mailboxes-to-read";
import { jobsRunEmbedded } from "../connection";
import { syncedFunction } from "../../server/test/inngest-contract";
import { EMBEDDED_IDLE_MAILBOXES, pollMailboxes, READS_PER_SEND } from "./poll-mailboxes";

vi.mock("@/server/services/mail/inbound/list-mailboxes-to-read", () => ({ listMailboxesToRead: vi.fn() }));
vi.mock("../connection", async (original) => ({ ...(await original<typeof import("../connection")>()), jobsRunEmbedded: vi.fn(() => false) }));

const engine = (sends = 1) =>
  new InngestTestEngine({
    function: pollMailboxes,
    steps: Array.from({ length: sends }, (_, index) => ({ id: `reads-${index}`, handler: () => ({ ids: [`event-${index}`] }) })),
  });

afterEach(() => {
  vi.mocked(listMailboxesToRead).mockReset();
  vi.mocked(jobsRunEmbedded).mockReturnValue(false);
  setClock(systemClock);
});

describe("poll-mailboxes", () => {
  it("runs every minute, one poll at a time", async () => {
    const { config, spec } = await syncedFunction(pollMailboxes);
    expect(config.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: ["* * * * *"], concurrency: [{ limit: 1 }] });
  });

  it("sends one read event per mailbox, its id naming the mailbox and the minute", async () => {
    setClock(new ManualClock("2026-03-02T09:00:37.500Z"));
    vi.mocked(listMailboxesToRead).mockResolvedValue(["mbx_a", "mbx_b"]);
    const { result, ctx } = await engine().execute();
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
    const [stepId, events] = ctx.step.sendEvent.mock.calls[0]!;
    expect(stepId).toBe("reads-0");
    expect(events).toEqual([
      expect.objectContaining({ name: "herald/mailbox-read.due", data: { mailboxId: "mbx_a", idle: true }, id: "mailbox-read-mbx_a-2026-03-02T09:00:00.000Z" }),
      expect.objectContaining({ name: "herald/mailbox-read.due", data: { mailboxId: "mbx_b", idle: true }, id: "mailbox-read-mbx_b-2026-03-02T09:00:00.000Z" }),
    ]);
    expect(result).toEqual({ minute: "2026-03-02T09:00:00.000Z", mailboxes: 2, idle: true });
  });

  it("lets readers idle on the embedded executor only while there are few mailboxes", async () => {
    vi.mocked(jobsRunEmbedded).mockReturnValue(true);
    const idleOf = async (count: number) => {
      vi.mocked(listMailboxesToRead).mockResolvedValue(Array.from({ length: count }, (_, index) => `mbx_${index}`));
      const { ctx } = await engine().execute();
      const [, events] = ctx.step.sendEvent.mock.calls[0]!;
      return new Set((events as Array<{ data: { idle: boolean } }>).map((event) => event.data.idle));
    };
    expect(await idleOf(EMBEDDED_IDLE_MAILBOXES)).toEqual(new Set([true]));
    expect(await idleOf(EMBEDDED_IDLE_MAILBOXES + 1)).toEqual(new Set([false]));
  });

  it("sends the events in batches, and none without mailboxes", async () => {
    vi.mocked(listMailboxesToRead).mockResolvedValue(Array.from({ length: READS_PER_SEND + 1 }, (_, index) => `mbx_${index}`));
    const batched = await engine(2).execute();
    expect(batched.ctx.step.sendEvent.mock.calls.map(([id, events]) => [id, (events as unknown[]).length])).toEqual([
      ["reads-0", READS_PER_SEND],
      ["reads-1", 1],
    ]);
    vi.mocked(listMailboxesToRead).mockResolvedValue([]);
    const { ctx } = await engine().execute();
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });
});
