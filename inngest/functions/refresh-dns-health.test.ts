// Contract of refresh-dns-health with Inngest's own test engine: daily, one sweep at a time, one
// herald/mailbox-dns.check-due per mailbox with an id per mailbox and day (a sweep run twice starts
// no second check), in batches. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { listMailboxesForDnsCheck } from "@/server/services/mail/health/list-mailboxes-for-dns-check";
import { syncedFunction } from "../../server/test/inngest-contract";
import { DNS_CHECKS_PER_SEND, refreshDnsHealthFunction } from "./refresh-dns-health";

vi.mock("@/server/services/mail/health/list-mailboxes-for-dns-check", () => ({ listMailboxesForDnsCheck: vi.fn() }));

const engine = (sends = 1) =>
  new InngestTestEngine({
    function: refreshDnsHealthFunction,
    steps: Array.from({ length: sends }, (_, index) => ({ id: `checks-${index}`, handler: () => ({ ids: [`event-${index}`] }) })),
  });

afterEach(() => {
  vi.mocked(listMailboxesForDnsCheck).mockReset();
  setClock(systemClock);
});

describe("refresh-dns-health", () => {
  it("runs daily at 04:17, one sweep at a time", async () => {
    const { config, spec } = await syncedFunction(refreshDnsHealthFunction);
    expect(config.triggers).toEqual([{ cron: "17 4 * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: ["17 4 * * *"], concurrency: [{ limit: 1 }] });
  });

  it("sends one check per mailbox, its id naming the mailbox and the day", async () => {
    setClock(new ManualClock("2026-03-02T04:17:03.000Z"));
    vi.mocked(listMailboxesForDnsCheck).mockResolvedValue(["mbx_a", "mbx_b"]);
    const { result, ctx } = await engine().execute();
    expect(ctx.step.sendEvent).toHaveBeenCalledTimes(1);
    const [stepId, events] = ctx.step.sendEvent.mock.calls[0]!;
    expect(stepId).toBe("checks-0");
    expect(events).toEqual([
      expect.objectContaining({ name: "herald/mailbox-dns.check-due", data: { mailboxId: "mbx_a" }, id: "mailbox-dns-mbx_a-2026-03-02" }),
      expect.objectContaining({ name: "herald/mailbox-dns.check-due", data: { mailboxId: "mbx_b" }, id: "mailbox-dns-mbx_b-2026-03-02" }),
    ]);
    expect(result).toEqual({ day: "2026-03-02", mailboxes: 2 });
  });

  it("sends the events in batches, and none without mailboxes", async () => {
    vi.mocked(listMailboxesForDnsCheck).mockResolvedValue(Array.from({ length: DNS_CHECKS_PER_SEND + 1 }, (_, index) => `mbx_${index}`));
    const batched = await engine(2).execute();
    expect(batched.ctx.step.sendEvent.mock.calls.map(([id, events]) => [id, (events as unknown[]).length])).toEqual([
      ["checks-0", DNS_CHECKS_PER_SEND],
      ["checks-1", 1],
    ]);
    vi.mocked(listMailboxesForDnsCheck).mockResolvedValue([]);
    const { ctx } = await engine().execute();
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });
});
