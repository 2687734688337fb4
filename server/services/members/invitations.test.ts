import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import { createTestUser, createTestWorkspace } from "../../test/factories";
import { verifyCredentials } from "../users/verify-credentials";
import { getActiveWorkspaceId } from "../workspaces/get-active-workspace-id";
import { acceptInvitation } from "./accept-invitation";
import { getInvitationByToken } from "./get-invitation-by-token";
import { INVITATION_LIFETIME_MS, inviteMember } from "./invite-member";
import { listMembers } from "./list-members";
import { listPendingInvitations } from "./list-pending-invitations";
import { revokeInvitation } from "./revoke-invitation";
import { ZInviteMemberInput, ZAcceptInvitationInput } from "../../schemas/account-user";

afterEach(() => setClock(systemClock));

const tokenOf = (url: string) => url.split("/invite/")[1]!;

describe("inviting members", () => {
  it("lets a new person join with a name and password, as the invited role", async () => {
    const { actor } = await createTestWorkspace({ role: "admin" });
    const { url, invitation } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "New.Person@example.com", role: "member" }));
    expect(invitation.email).toBe("new.person@example.com");
    expect(await db.invitation.count({ where: { tokenHash: tokenOf(url) } })).toBe(0);

    const preview = await getInvitationByToken(tokenOf(url));
    expect(preview).toMatchObject({ state: "pending", hasAccount: false, email: "new.person@example.com" });

    await acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), name: "New Person", password: "a long password" }));
    const members = await listMembers(actor);
    expect(members.map((member) => [member.email, member.role])).toContainEqual(["new.person@example.com", "member"]);
    const user = await verifyCredentials({ email: "new.person@example.com", password: "a long password" });
    expect(await getActiveWorkspaceId(user!.id)).toBe(actor.workspaceId);
    await expect(acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), name: "Again", password: "a long password" }))).rejects.toMatchObject({
      code: "invitation-accepted",
    });
  });

  it("asks an existing account for its own password", async () => {
    const existing = await createTestUser({ email: "known@example.com", passwordHash: await hashPassword("their password 1") });
    await createTestWorkspace({ userId: existing.id });
    const { actor } = await createTestWorkspace();
    const { url } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "known@example.com" }));
    await expect(acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), password: "wrong password" }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "password", message: "does not match this account" }] },
    });
    await acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), password: "their password 1" }));
    expect((await listMembers(actor)).map((member) => member.email)).toContain("known@example.com");
  });

  it("expires invitations after seven days", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    setClock(clock);
    const { actor } = await createTestWorkspace();
    const { url } = await inviteMember(actor, ZInviteMemberInput.parse({ email: "late@example.com" }));
    clock.advance(INVITATION_LIFETIME_MS + 1000);
    expect((await getInvitationByToken(tokenOf(url)))?.state).toBe("expired");
    await expect(acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), name: "Late", password: "a long password" }))).rejects.toMatchObject({
      code: "invitation-expired",
    });
    expect(await listPendingInvitations(actor)).toEqual([]);
  });

  it("refuses members who try to invite, duplicates, and revoked links", async () => {
    const { actor } = await createTestWorkspace({ role: "member" });
    await expect(inviteMember(actor, ZInviteMemberInput.parse({ email: "x@example.com" }))).rejects.toMatchObject({ status: 403 });

    const owner = await createTestWorkspace();
    const ownerEmail = (await db.user.findUniqueOrThrow({ where: { id: owner.userId } })).email;
    await expect(inviteMember(owner.actor, ZInviteMemberInput.parse({ email: ownerEmail }))).rejects.toMatchObject({ code: "already-member" });

    const { url, invitation } = await inviteMember(owner.actor, ZInviteMemberInput.parse({ email: "revoked@example.com" }));
    await revokeInvitation(owner.actor, invitation.id);
    await expect(acceptInvitation(ZAcceptInvitationInput.parse({ token: tokenOf(url), name: "R", password: "a long password" }))).rejects.toMatchObject({
      code: "invitation-revoked",
    });
    const stranger = await createTestWorkspace();
    await expect(revokeInvitation(stranger.actor, invitation.id)).rejects.toMatchObject({ status: 404 });
  });

  it("lets only billing managers grant the billing permission", async () => {
    const admin = await createTestWorkspace({ role: "admin", canManageBilling: false });
    await expect(inviteMember(admin.actor, ZInviteMemberInput.parse({ email: "b@example.com", canManageBilling: true }))).rejects.toMatchObject({
      code: "not-allowed",
    });
    const owner = await createTestWorkspace();
    const { invitation } = await inviteMember(owner.actor, ZInviteMemberInput.parse({ email: "b@example.com", canManageBilling: true, role: "admin" }));
    expect(invitation).toMatchObject({ role: "admin", canManageBilling: true });
  });
});
