// Contract of read-mailbox with Inngest's own test engine: triggered per mailbox, one reader per
// mailbox at a time, never retried (the next poll is); a read, then IDLE waits bounded by
// HERALD_MAIL_IDLE_SECONDS, reading again each time mail arrived. The services are mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { readMailbox } from "@/server/services/mail/inbound/read-mailbox";
import { mailIdleMs, waitForMailboxMail } from "@/server/services/mail/inbound/wait-for-mailbox-mail";
import { syncedFunction } from "../../server/test/inngest-contract";
import { readMailboxFunction } from "./read-mailbox";

vi.mock("@/server/services/mail/inbound/read-mailbox", () => ({ readMailbox: vi.fn() }));
vi.mock("@/server/services/mail/inbound/wait-for-mailbox-mail", () => ({ waitForMailboxMail: vi.fn(), mailIdleMs: vi.fn() }));

const readDue = (mailboxId: string, idle?: boolean) => ({ name: "herald/mailbox-read.due", data: { mailboxId, ...(idle === undefined ? {} : { idle }) } });
const engine = () => new InngestTestEngine({ function: readMailboxFunction });
const outcomes = { reply: 0, "auto-reply": 0, bounce: 0, complaint: 0, unmatched: 0, duplicate: 0, skipped: 0, warmup: 0 };
const read = (count: number, more = false) => ({ read: count, outcomes: { ...outcomes, reply: count }, more });

afterEach(() => {
  vi.resetAllMocks();
  setClock(systemClock);
});

describe("read-mailbox", () => {
  it("is triggered by herald/mailbox-read.due, one reader per mailbox at a time, never retried", async () => {
    const { config, spec } = await syncedFunction(readMailboxFunction);
    expect(config.triggers).toEqual([{ event: "herald/mailbox-read.due" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.mailboxId" });
    expect(spec).toMatchObject({ maxAttempts: 1, concurrency: [{ limit: 1, key: "event.data.mailboxId", scope: "fn" }] });
  });

  it("reads once and ends when IDLE is off or the server offers none", async () => {
    vi.mocked(mailIdleMs).mockReturnValue(0);
    vi.mocked(readMailbox).mockResolvedValue(read(2));
    const { result, ctx } = await engine().execute({ events: [readDue("mbx_a")] });
    expect(result).toEqual({ mailboxId: "mbx_a", read: 2, reads: 1, waits: 0 });
    expect(readMailbox).toHaveBeenCalledExactlyOnceWith("mbx_a");
    expect(waitForMailboxMail).not.toHaveBeenCalled();
    expect(ctx.step.run).toHaveBeenCalledTimes(1);
  });

  it("waits in IDLE for what is left of the budget and reads again each time mail arrived", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    vi.mocked(mailIdleMs).mockReturnValue(45_000);
    vi.mocked(readMailbox).mockResolvedValueOnce(read(0)).mockResolvedValueOnce(read(1)).mockResolvedValueOnce(read(1));
    const waits: number[] = [];
    vi.mocked(waitForMailboxMail).mockImplementation(async (_id, timeoutMs) => {
      waits.push(timeoutMs);
      // Mail arrives 10 s into the first two waits; the third times out.
      if (waits.length < 3) clock.advance(10_000);
      return waits.length < 3;
    });
    const { result } = await engine().execute({ events: [readDue("mbx_b")] });
    expect(waits).toEqual([45_000, 35_000, 25_000]);
    expect(result).toEqual({ mailboxId: "mbx_b", read: 2, reads: 3, waits: 3 });
  });

  it("does not wait when the poll says not to idle", async () => {
    vi.mocked(mailIdleMs).mockReturnValue(45_000);
    vi.mocked(readMailbox).mockResolvedValue(read(1));
    const { result } = await engine().execute({ events: [readDue("mbx_d", false)] });
    expect(result).toEqual({ mailboxId: "mbx_d", read: 1, reads: 1, waits: 0 });
    expect(waitForMailboxMail).not.toHaveBeenCalled();
  });

  it("goes on reading without waiting while a read stopped at its limit", async () => {
    vi.mocked(mailIdleMs).mockReturnValue(0);
    vi.mocked(readMailbox).mockResolvedValueOnce(read(1000, true)).mockResolvedValueOnce(read(5));
    const { result } = await engine().execute({ events: [readDue("mbx_c")] });
    expect(result).toEqual({ mailboxId: "mbx_c", read: 1005, reads: 2, waits: 0 });
    expect(waitForMailboxMail).not.toHaveBeenCalled();
  });
});
