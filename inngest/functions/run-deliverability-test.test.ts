// Contract of run-deliverability-test with Inngest's own test engine: triggered per test (one run
// per test id, one at a time per mailbox); send, then a look at the seed with a 30 s sleep between
// looks until it arrived or is overdue, then finish; a failed send goes straight to finish. The
// services are mocked (no database); the end-to-end tests run them for real.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkDeliverabilitySeed } from "@/server/services/mail/deliverability/check-deliverability-seed";
import { finishDeliverabilityTest } from "@/server/services/mail/deliverability/finish-deliverability-test";
import { sendDeliverabilityTestEmail } from "@/server/services/mail/deliverability/send-deliverability-test-email";
import { syncedFunction } from "../../server/test/inngest-contract";
import { runDeliverabilityTest } from "./run-deliverability-test";

vi.mock("@/server/services/mail/deliverability/check-deliverability-seed", () => ({ checkDeliverabilitySeed: vi.fn() }));
vi.mock("@/server/services/mail/deliverability/fail-deliverability-test", () => ({ failDeliverabilityTest: vi.fn() }));
vi.mock("@/server/services/mail/deliverability/finish-deliverability-test", () => ({ finishDeliverabilityTest: vi.fn() }));
vi.mock("@/server/services/mail/deliverability/send-deliverability-test-email", () => ({ sendDeliverabilityTestEmail: vi.fn() }));

const requested = { name: "herald/deliverability-test.requested", data: { testId: "dlt_1", mailboxId: "mbx_1" } };
// step.sleep never resolves in the test engine unless mocked.
const engine = () =>
  new InngestTestEngine({
    function: runDeliverabilityTest,
    transformCtx: (ctx) => {
      ctx.step.sleep = vi.fn(async () => undefined) as never;
      return ctx;
    },
  });

afterEach(() => vi.resetAllMocks());

describe("run-deliverability-test", () => {
  it("is triggered by herald/deliverability-test.requested, once per test, one at a time per mailbox", async () => {
    const { config, spec } = await syncedFunction(runDeliverabilityTest);
    expect(config.triggers).toEqual([{ event: "herald/deliverability-test.requested" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.mailboxId" });
    expect(config.idempotency).toBe("event.data.testId");
    expect(spec).toMatchObject({ maxAttempts: 4 });
  });

  it("sends, looks at the seed until the e-mail arrived, sleeping 30 s between looks, then finishes", async () => {
    vi.mocked(sendDeliverabilityTestEmail).mockResolvedValue({ sent: true, sentAt: "2026-03-02T09:00:00.000Z" });
    vi.mocked(checkDeliverabilitySeed).mockResolvedValueOnce("waiting").mockResolvedValueOnce("waiting").mockResolvedValueOnce("arrived");
    vi.mocked(finishDeliverabilityTest).mockResolvedValue("done");
    const { result, ctx } = await engine().execute({ events: [requested] });
    expect(result).toEqual({ testId: "dlt_1", sent: true, seen: "arrived", status: "done" });
    expect(checkDeliverabilitySeed).toHaveBeenCalledTimes(3);
    expect(ctx.step.sleep).toHaveBeenCalledTimes(2);
    expect(vi.mocked(ctx.step.sleep).mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ["wait-1", "30s"],
      ["wait-2", "30s"],
    ]);
  });

  it("finishes at once when the e-mail could not be sent", async () => {
    vi.mocked(sendDeliverabilityTestEmail).mockResolvedValue({ sent: false });
    vi.mocked(finishDeliverabilityTest).mockResolvedValue("failed");
    const { result } = await engine().execute({ events: [requested] });
    expect(result).toEqual({ testId: "dlt_1", sent: false, seen: "finished", status: "failed" });
    expect(checkDeliverabilitySeed).not.toHaveBeenCalled();
  });

  it("settles the test at its last look when the seed never stops saying wait", async () => {
    vi.mocked(sendDeliverabilityTestEmail).mockResolvedValue({ sent: true, sentAt: "2026-03-02T09:00:00.000Z" });
    vi.mocked(checkDeliverabilitySeed).mockImplementation(async (_id, options) => (options?.last ? "not-arrived" : "waiting"));
    vi.mocked(finishDeliverabilityTest).mockResolvedValue("done");
    const { result } = await engine().execute({ events: [requested] });
    expect(result).toMatchObject({ seen: "not-arrived", status: "done" });
    expect(checkDeliverabilitySeed).toHaveBeenCalledTimes(25);
  });
});
