// Instance administrators on the dashboard's tRPC edge (issue 30): the first user is one, they name
// and remove others but never the last, and nobody else — a workspace owner, billing manager,
// member or approver — can list, name, remove, see the installation's workspaces or grant credits.
import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { db } from "../../db/client";
import { createTestInstanceAdmin, createTestUser, createTestWorkspace } from "../../test/factories";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

vi.mock("../../auth/dashboard-session", async () => {
  const { getActiveWorkspaceId } = await import("../../services/workspaces/get-active-workspace-id");
  const { resolveActor } = await import("../../services/members/resolve-actor");
  return {
    getSessionUserId: async () => null,
    getSessionActor: async (userId: string) => {
      const workspaceId = await getActiveWorkspaceId(userId);
      return workspaceId ? resolveActor(userId, workspaceId) : null;
    },
  };
});

const callerFor = (userId: string) => createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });

async function inWorkspace(role: "owner" | "admin" | "member" | "approver", options: { canManageBilling?: boolean; userId?: string } = {}) {
  const { actor, userId } = await createTestWorkspace({ role, ...options });
  await db.user.update({ where: { id: userId }, data: { activeWorkspaceId: actor.workspaceId } });
  return { actor, userId, caller: callerFor(userId) };
}

async function failureOf(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

describe("instance administrators", () => {
  it("are named and removed by an instance administrator, never down to none", async () => {
    const first = await createTestInstanceAdmin({ name: "First Admin" });
    const { caller } = await inWorkspace("owner", { userId: first.id });
    const other = await createTestUser({ name: "Grace Second" });
    expect(await caller.instance.me()).toEqual({ isInstanceAdmin: true });

    expect(await caller.instance.addAdmin({ email: other.email.toUpperCase() })).toMatchObject({ id: other.id, email: other.email });
    expect((await caller.instance.admins()).map((admin) => admin.id)).toEqual([first.id, other.id]);
    // An address with no account is named as the field at fault.
    const unknown = await failureOf(caller.instance.addAdmin({ email: "nobody@example.com" }));
    expect(unknown).toMatchObject({ code: "BAD_REQUEST" });
    expect(unknown.message).toContain("no account of this installation has the address nobody@example.com");

    await caller.instance.removeAdmin({ userId: other.id });
    expect((await caller.instance.admins()).map((admin) => admin.id)).toEqual([first.id]);
    // The last one stays, even removing themselves.
    const last = await failureOf(caller.instance.removeAdmin({ userId: first.id }));
    expect(last).toMatchObject({ code: "CONFLICT", message: "This is the last instance administrator: name another one before removing them." });
    expect(await db.user.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ instanceAdmin: true });
  });

  it("never leave none when two remove each other at once", async () => {
    const a = await createTestInstanceAdmin();
    const b = await createTestInstanceAdmin();
    // Any others left by earlier tests step aside first.
    await db.user.updateMany({ where: { instanceAdmin: true, id: { notIn: [a.id, b.id] } }, data: { instanceAdmin: false } });
    const results = await Promise.allSettled([callerFor(a.id).instance.removeAdmin({ userId: b.id }), callerFor(b.id).instance.removeAdmin({ userId: a.id })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.user.count({ where: { instanceAdmin: true } })).toBe(1);
  });

  it("are the only ones who see the installation's workspaces and grant credits to one of them", async () => {
    const admin = await createTestInstanceAdmin({ name: "Ada Admin" });
    const { caller } = await inWorkspace("member", { userId: admin.id });
    const target = await inWorkspace("owner");
    expect((await caller.instance.workspaces()).map((workspace) => workspace.id)).toContain(target.actor.workspaceId);
    const entry = await caller.credits.grant({ workspaceId: target.actor.workspaceId, amount: 40, reason: "Trial" });
    expect(entry.grantedBy).toEqual({ source: "instance-admin", name: `Ada Admin (${admin.email})` });
    expect((await target.caller.credits.ledger({ limit: 5, offset: 0 })).entries[0]).toMatchObject({ amount: 40, reference: "Trial", grantedBy: { source: "instance-admin" } });
    expect(await caller.credits.offer()).toMatchObject({ canGrant: true, canBuy: false });
  });

  it("refuse everything here to owners, billing managers, members and approvers who are not instance administrators", async () => {
    const admin = await createTestInstanceAdmin();
    const people = [
      await inWorkspace("owner"),
      await inWorkspace("admin", { canManageBilling: true }),
      await inWorkspace("member"),
      await inWorkspace("approver"),
    ];
    const victim = people[0]!.actor.workspaceId;
    for (const { caller, userId } of people) {
      expect(await caller.instance.me()).toEqual({ isInstanceAdmin: false });
      const { email } = await db.user.findUniqueOrThrow({ where: { id: userId } });
      // Each call made only when it is awaited: a call made early would reject with nobody listening.
      for (const call of [
        () => caller.instance.admins(),
        () => caller.instance.workspaces(),
        () => caller.instance.addAdmin({ email }),
        () => caller.instance.removeAdmin({ userId: admin.id }),
        () => caller.credits.grant({ workspaceId: victim, amount: 1_000_000, reason: "free searches" }),
        () => caller.credits.grant({ amount: 1_000_000, reason: "free searches" }),
      ]) {
        expect(await failureOf(call())).toMatchObject({ code: "FORBIDDEN" });
      }
      expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({ instanceAdmin: false });
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ instanceAdmin: true });
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: { in: people.map((person) => person.actor.workspaceId) } } })).toBe(0);
    // An owner is told, in plain words, what they can do instead.
    const refused = await failureOf(people[0]!.caller.credits.grant({ amount: 5, reason: "x" }));
    expect(refused.message).toBe("Only an instance administrator can grant AI credits. Workspace owners buy credits under Settings → AI credits, or ask an instance administrator.");
    await createTestInstanceAdmin({ name: "" });
    const offer = await people[0]!.caller.credits.offer();
    expect(offer).toMatchObject({ canGrant: false, instanceAdmins: expect.arrayContaining([admin.name]) });
    // Members of every workspace see whom to ask: by name, never by e-mail address.
    expect(JSON.stringify(offer.instanceAdmins)).not.toContain("@");
  });
});
