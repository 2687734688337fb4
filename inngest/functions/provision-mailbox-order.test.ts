// Contract of provision-mailbox-order with Inngest's own test engine: one run per order and round,
// one at a time per order; the steps in order, a waiting step looked at again after a sleep (sooner
// at first), a stopped order ending the run, a step failing after its retries holding the order.
// The services are mocked (no database); provision-mailbox-order.db.test.ts runs them for real.
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authorizeOrderMailboxes } from "@/server/services/mailbox-orders/provisioning/authorize-order-mailboxes";
import { completeMailboxOrder } from "@/server/services/mailbox-orders/provisioning/complete-mailbox-order";
import { connectOrderMailboxes } from "@/server/services/mailbox-orders/provisioning/connect-order-mailboxes";
import { createOrderTenants } from "@/server/services/mailbox-orders/provisioning/create-order-tenants";
import { createOrderUsers } from "@/server/services/mailbox-orders/provisioning/create-order-users";
import { holdFailedOrder } from "@/server/services/mailbox-orders/provisioning/hold-mailbox-order";
import { markOrderPlaced } from "@/server/services/mailbox-orders/provisioning/mark-order-placed";
import { noteOrderWait } from "@/server/services/mailbox-orders/provisioning/note-order-wait";
import { placeOrderDomains } from "@/server/services/mailbox-orders/provisioning/place-order-domains";
import { publishOrderDns } from "@/server/services/mailbox-orders/provisioning/publish-order-dns";
import { ProvisioningError } from "@/server/providers/provisioning-error";
import { syncedFunction } from "../../server/test/inngest-contract";
import { provisionMailboxOrder } from "./provision-mailbox-order";

vi.mock("@/server/services/mailbox-orders/provisioning/authorize-order-mailboxes", () => ({ authorizeOrderMailboxes: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/complete-mailbox-order", () => ({ completeMailboxOrder: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/connect-order-mailboxes", () => ({ connectOrderMailboxes: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/create-order-tenants", () => ({ createOrderTenants: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/create-order-users", () => ({ createOrderUsers: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/hold-mailbox-order", () => ({ holdFailedOrder: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/mark-order-placed", () => ({ markOrderPlaced: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/note-order-wait", () => ({ noteOrderWait: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/place-order-domains", () => ({ placeOrderDomains: vi.fn() }));
vi.mock("@/server/services/mailbox-orders/provisioning/publish-order-dns", () => ({ publishOrderDns: vi.fn() }));

const requested = { name: "herald/mailbox-order.provision", data: { orderId: "mor_1", round: 0 } };
const engine = () =>
  new InngestTestEngine({
    function: provisionMailboxOrder,
    transformCtx: (raw) => {
      const ctx = mockCtx(raw);
      // step.sleep never resolves in the test engine unless mocked.
      ctx.step.sleep = vi.fn(async () => undefined) as never;
      return ctx;
    },
  });

const steps = [placeOrderDomains, markOrderPlaced, createOrderTenants, createOrderUsers, publishOrderDns, authorizeOrderMailboxes, connectOrderMailboxes, completeMailboxOrder];

beforeEach(() => {
  for (const step of steps) vi.mocked(step).mockResolvedValue({ state: "done" });
});
afterEach(() => vi.resetAllMocks());

describe("provision-mailbox-order", () => {
  it("is triggered per order and round, one run at a time per order, with retries", async () => {
    const { config, spec } = await syncedFunction(provisionMailboxOrder);
    expect(config.triggers).toEqual([{ event: "herald/mailbox-order.provision" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.orderId" });
    expect(config.idempotency).toBe('event.data.orderId + "-" + string(event.data.round)');
    expect(spec).toMatchObject({ maxAttempts: 5 });
  });

  it("runs every step once, in order, when nothing waits", async () => {
    const { result, ctx } = await engine().execute({ events: [requested] });
    expect(result).toEqual({ orderId: "mor_1", stoppedAt: null, held: false });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual([
      "place-domains-1",
      "mark-placed-1",
      "create-tenants-1",
      "create-users-1",
      "publish-dns-1",
      "authorize-mailboxes-1",
      "connect-mailboxes-1",
      "complete-1",
    ]);
    expect(ctx.step.sleep).not.toHaveBeenCalled();
  });

  it("looks again at a waiting step after a sleep, judging the wait each time", async () => {
    vi.mocked(placeOrderDomains)
      .mockResolvedValueOnce({ state: "waiting", waitingOn: "Registering acme.com" })
      .mockResolvedValueOnce({ state: "waiting", waitingOn: "Registering acme.com" })
      .mockResolvedValueOnce({ state: "done" });
    vi.mocked(noteOrderWait).mockResolvedValue("wait");
    const { result, ctx } = await engine().execute({ events: [requested] });
    expect(result).toMatchObject({ stoppedAt: null });
    expect(noteOrderWait).toHaveBeenCalledWith("mor_1", "Registering acme.com");
    expect(vi.mocked(ctx.step.sleep).mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ["place-domains-wait-1", 15_000],
      ["place-domains-wait-2", 30_000],
    ]);
  });

  it("ends when the wait was judged stuck or the order stopped (cancelled)", async () => {
    vi.mocked(createOrderTenants).mockResolvedValue({ state: "waiting", waitingOn: "Setting up the mail platform for acme.com" });
    vi.mocked(noteOrderWait).mockResolvedValue("stopped");
    expect((await engine().execute({ events: [requested] })).result).toEqual({ orderId: "mor_1", stoppedAt: "create-tenants", held: false });
    expect(createOrderUsers).not.toHaveBeenCalled();

    vi.mocked(markOrderPlaced).mockResolvedValue({ state: "stopped" });
    expect((await engine().execute({ events: [requested] })).result).toEqual({ orderId: "mor_1", stoppedAt: "mark-placed", held: false });
  });

  it("leaves a failing step to Inngest's retries: nothing after it runs and the order is not held on a first failure", async () => {
    // The engine runs one attempt; holding the order after the last retry is exercised on the embedded
    // executor (provision-mailbox-order.db.test.ts).
    vi.mocked(createOrderUsers).mockRejectedValue(new Error("The platform refused to create jane@acme.com"));
    const { error } = await engine().execute({ events: [requested] });
    expect(error).toMatchObject({ message: "The platform refused to create jane@acme.com" });
    expect(publishOrderDns).not.toHaveBeenCalled();
    expect(holdFailedOrder).not.toHaveBeenCalled();
  });

  it("does not retry a step that met a lasting refusal (the order is held at once: provision-mailbox-order db test)", async () => {
    vi.mocked(createOrderUsers).mockRejectedValue(new ProvisioningError("refused", "The platform does not allow the address jane@acme.com", { reason: "invalid" }));
    const { error } = await engine().execute({ events: [requested] });
    expect(error).toMatchObject({ name: "NonRetriableError", message: "The platform does not allow the address jane@acme.com" });
  });
});
