// The Orders page's procedures: the same services as the API, and bad input — a NUL character in an
// id, which PostgreSQL cannot hold — answered as a 400 naming the field, never a 500.
import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "../../lib/actor";
import { createTestWorkspace } from "../../test/factories";
import { seedMailboxOrder, testDomainName } from "../../test/mailbox-order-seed";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

const session: { actor: Actor | null } = { actor: null };
vi.mock("../../auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

describe("the mailbox orders router", () => {
  it("lists and reads the workspace's orders, and refuses a NUL in any id as bad input", async () => {
    const { userId, workspace, actor } = await createTestWorkspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const name = testDomainName("router");
    const order = await seedMailboxOrder(workspace.id, [{ name, mailboxes: [{ localPart: "jane" }] }], { status: "quoted" });

    expect((await caller.mailboxOrders.get({ orderId: order.id })).domains[0]!.name).toBe(name);
    expect((await caller.mailboxOrders.list({ limit: 10, offset: 0 })).data.map((listed) => listed.id)).toEqual([order.id]);

    for (const call of [
      () => caller.mailboxOrders.get({ orderId: "mor_\u0000" }),
      () => caller.mailboxOrders.cancel({ orderId: "mor_\u0000" }),
      () => caller.mailboxOrders.cancelManaged({ mailboxId: "mbx_\u0000", confirmAdmin: false }),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect((error as Error).message).toMatch(/^Invalid (orderId|mailboxId): must not contain the NUL character/);
    }
  });
});
