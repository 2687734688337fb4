// Contract of check-mailbox-dns with Inngest's own test engine: run by herald/mailbox-dns.check-due,
// one check per mailbox at a time and five at once overall, one step. The service is mocked (no
// database; the checks themselves are tested against BIND in server/services/mail/health).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshDnsHealth } from "@/server/services/mail/health/check-dns-health";
import type { TDnsHealth } from "@/server/schemas/mailbox-health";
import { mailboxDnsCheckDue } from "../events";
import { checkMailboxDnsFunction, SHARE_DNS_CHECK_MS } from "./check-mailbox-dns";
import { syncedFunction } from "../../server/test/inngest-contract";

vi.mock("@/server/services/mail/health/check-dns-health", () => ({ refreshDnsHealth: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const run = (mailboxId: string) =>
  new InngestTestEngine({ function: checkMailboxDnsFunction, events: [mailboxDnsCheckDue.create({ mailboxId }) as never] }).execute();

describe("check-mailbox-dns", () => {
  it("runs on herald/mailbox-dns.check-due, one per mailbox at a time, five at once", async () => {
    const { config, spec } = await syncedFunction(checkMailboxDnsFunction);
    expect(config.triggers).toEqual([{ event: "herald/mailbox-dns.check-due" }]);
    expect(spec).toMatchObject({
      eventTriggers: [expect.objectContaining({ event: "herald/mailbox-dns.check-due" })],
      maxAttempts: 2,
      concurrency: [expect.objectContaining({ limit: 1, key: "event.data.mailboxId" }), expect.objectContaining({ limit: 5 })],
    });
  });

  it("checks the mailbox's domain in one step, sharing a check of the last hour", async () => {
    vi.mocked(refreshDnsHealth).mockResolvedValue({ status: "warning" } as TDnsHealth);
    const { result, ctx } = await run("mbx_a");
    expect(refreshDnsHealth).toHaveBeenCalledExactlyOnceWith("mbx_a", { shareWithinMs: SHARE_DNS_CHECK_MS });
    expect(ctx.step.run).toHaveBeenCalledExactlyOnceWith("check", expect.any(Function));
    expect(result).toEqual({ mailboxId: "mbx_a", status: "warning" });
  });

  it("reports a mailbox removed since the event as gone", async () => {
    vi.mocked(refreshDnsHealth).mockResolvedValue(null);
    const { result } = await run("mbx_b");
    expect(result).toEqual({ mailboxId: "mbx_b", status: "gone" });
  });
});
