// Changing a member's role: who may, the workspace's last owner kept, billing dropped for approvers.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { createTestUser, createTestWorkspace } from "../../test/factories";
import { inviteMember } from "./invite-member";
import { updateMemberRole } from "./update-member-role";

async function join(actor: Actor, role: Actor["role"], canManageBilling = false) {
  const user = await createTestUser({ name: `A ${role}` });
  const membership = await db.membership.create({ data: { workspaceId: actor.workspaceId, userId: user.id, role, canManageBilling } });
  return { membership, actor: { userId: user.id, workspaceId: actor.workspaceId, role, canManageBilling } satisfies Actor };
}

describe("updateMemberRole", () => {
  it("lets an admin make a member an approver and back, dropping the billing permission", async () => {
    const { actor: owner } = await createTestWorkspace();
    const { actor: admin } = await join(owner, "admin");
    const { membership } = await join(owner, "member", true);

    const approver = await updateMemberRole(admin, { memberId: membership.id, role: "approver" });
    expect(approver).toMatchObject({ id: membership.id, role: "approver", canManageBilling: false });
    expect(await db.membership.findUniqueOrThrow({ where: { id: membership.id } })).toMatchObject({ role: "approver", canManageBilling: false });
    expect(await updateMemberRole(admin, { memberId: membership.id, role: "member" })).toMatchObject({ role: "member", canManageBilling: false });
  });

  it("refuses members and approvers, and another workspace's member", async () => {
    const { actor: owner } = await createTestWorkspace();
    const { actor: member, membership } = await join(owner, "member");
    const { actor: approver } = await join(owner, "approver");
    await expect(updateMemberRole(member, { memberId: membership.id, role: "admin" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateMemberRole(approver, { memberId: membership.id, role: "member" })).rejects.toMatchObject({ code: "forbidden" });

    const { actor: otherOwner } = await createTestWorkspace();
    await expect(updateMemberRole(otherOwner, { memberId: membership.id, role: "approver" })).rejects.toMatchObject({ code: "not-found" });
    expect((await db.membership.findUniqueOrThrow({ where: { id: membership.id } })).role).toBe("member");
  });

  it("leaves owners to owners", async () => {
    const { actor: owner } = await createTestWorkspace();
    const { actor: admin } = await join(owner, "admin");
    const { membership } = await join(owner, "member");
    const ownerMembership = await db.membership.findFirstOrThrow({ where: { workspaceId: owner.workspaceId, userId: owner.userId } });
    await expect(updateMemberRole(admin, { memberId: membership.id, role: "owner" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateMemberRole(admin, { memberId: ownerMembership.id, role: "approver" })).rejects.toMatchObject({ code: "forbidden" });
    expect(await updateMemberRole(owner, { memberId: membership.id, role: "owner" })).toMatchObject({ role: "owner" });
  });

  it("keeps the last owner, but lets one of two owners step down", async () => {
    const { actor: owner } = await createTestWorkspace();
    const ownerMembership = await db.membership.findFirstOrThrow({ where: { workspaceId: owner.workspaceId, userId: owner.userId } });
    await expect(updateMemberRole(owner, { memberId: ownerMembership.id, role: "admin" })).rejects.toMatchObject({
      code: "last-owner",
      message: expect.stringContaining("only owner"),
    });

    const { membership: second } = await join(owner, "owner");
    expect(await updateMemberRole(owner, { memberId: ownerMembership.id, role: "approver" })).toMatchObject({ role: "approver" });
    expect(await db.membership.count({ where: { workspaceId: owner.workspaceId, role: "owner" } })).toBe(1);
    const secondOwner: Actor = { userId: second.userId, workspaceId: owner.workspaceId, role: "owner", canManageBilling: false };
    await expect(updateMemberRole(secondOwner, { memberId: second.id, role: "member" })).rejects.toMatchObject({ code: "last-owner" });
  });

  it("lets only one of two owners demoting each other at once succeed", async () => {
    const { actor: first } = await createTestWorkspace();
    const firstMembership = await db.membership.findFirstOrThrow({ where: { workspaceId: first.workspaceId, userId: first.userId } });
    const { membership: secondMembership, actor: second } = await join(first, "owner");
    const results = await Promise.allSettled([
      updateMemberRole(first, { memberId: secondMembership.id, role: "member" }),
      updateMemberRole(second, { memberId: firstMembership.id, role: "member" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { workspaceId: first.workspaceId, role: "owner" } })).toBe(1);
  });
});

describe("inviting an approver", () => {
  it("refuses the billing permission for an approver", async () => {
    const { actor: owner } = await createTestWorkspace();
    await expect(inviteMember(owner, { email: "approver@example.com", role: "approver", canManageBilling: true })).rejects.toMatchObject({
      code: "invalid-input",
      details: { fields: [{ field: "canManageBilling" }] },
    });
    expect((await inviteMember(owner, { email: "approver@example.com", role: "approver", canManageBilling: false })).invitation.role).toBe("approver");
  });
});
