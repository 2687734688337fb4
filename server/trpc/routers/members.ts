import { z } from "zod";
import { ZInviteMemberInput, ZUpdateMemberRoleInput } from "../../schemas/account-user";
import { inviteMember } from "../../services/members/invite-member";
import { listMembers } from "../../services/members/list-members";
import { listPendingInvitations } from "../../services/members/list-pending-invitations";
import { revokeInvitation } from "../../services/members/revoke-invitation";
import { updateMemberRole } from "../../services/members/update-member-role";
import { router, workspaceProcedure } from "../init";

export const membersRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listMembers(ctx.actor)),
  pendingInvitations: workspaceProcedure.query(({ ctx }) => listPendingInvitations(ctx.actor)),
  invite: workspaceProcedure.input(ZInviteMemberInput).mutation(({ ctx, input }) => inviteMember(ctx.actor, input)),
  updateRole: workspaceProcedure.input(ZUpdateMemberRoleInput).mutation(({ ctx, input }) => updateMemberRole(ctx.actor, input)),
  revokeInvitation: workspaceProcedure
    .input(z.object({ invitationId: z.string() }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.actor, input.invitationId)),
});
