// Contract of renew-managed-mailboxes with Inngest's own test engine: hourly, one run at a time, the
// renewal service in one step. Service mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renewManagedMailboxes as renewAll } from "@/server/services/mailbox-orders/managed-mailboxes/renew-managed-mailboxes";
import { syncedFunction } from "../../server/test/inngest-contract";
import { renewManagedMailboxes } from "./renew-managed-mailboxes";

vi.mock("@/server/services/mailbox-orders/managed-mailboxes/renew-managed-mailboxes", () => ({ renewManagedMailboxes: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const REPORT = {
  mailboxes: { renewed: 2, declined: 1, cancelled: 0, busy: 0, skipped: 0, failed: 0 },
  removed: 1,
  domains: { renewed: 1, declined: 0, stopped: 0, busy: 0, skipped: 0, failed: 0 },
  expired: 0,
};

describe("renew-managed-mailboxes", () => {
  it("runs hourly at minute 41, one run at a time, with Inngest's default retries", async () => {
    const { config, spec } = await syncedFunction(renewManagedMailboxes);
    expect(config.triggers).toEqual([{ cron: "41 * * * *" }]);
    expect(spec).toMatchObject({ cronTriggers: ["41 * * * *"], maxAttempts: 4 });
    expect(spec.concurrency).toEqual([expect.objectContaining({ limit: 1 })]);
  });

  it("renews in one step and reports what it did", async () => {
    vi.mocked(renewAll).mockResolvedValue(REPORT);
    const { result, ctx } = await new InngestTestEngine({ function: renewManagedMailboxes }).execute();
    expect(result).toEqual(REPORT);
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(["renew-managed-mailboxes"]);
    expect(renewAll).toHaveBeenCalledTimes(1);
  });

  it("fails the run when the service throws, so Inngest retries it", async () => {
    vi.mocked(renewAll).mockRejectedValue(new Error("database unavailable"));
    const { error } = await new InngestTestEngine({ function: renewManagedMailboxes }).execute();
    expect(error).toMatchObject({ message: "database unavailable" });
  });
});
