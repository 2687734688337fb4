import { ZAddInstanceAdminInput, ZRemoveInstanceAdminInput } from "../../schemas/instance-admins";
import { addInstanceAdmin } from "../../services/instance-admins/add-instance-admin";
import { listInstanceAdmins } from "../../services/instance-admins/list-instance-admins";
import { listInstanceWorkspaces } from "../../services/instance-admins/list-instance-workspaces";
import { removeInstanceAdmin } from "../../services/instance-admins/remove-instance-admin";
import { isInstanceAdmin } from "../../services/instance-admins/require-instance-admin";
import { protectedProcedure, router } from "../init";

/**
 * The installation, above workspaces: act in no workspace, so a workspace role (approver included)
 * neither opens nor closes them. Every procedure but `me` is for instance administrators only (the
 * services check, on every call).
 */
export const instanceRouter = router({
  me: protectedProcedure.query(async ({ ctx }) => ({ isInstanceAdmin: await isInstanceAdmin(ctx.userId) })),
  admins: protectedProcedure.query(({ ctx }) => listInstanceAdmins({ userId: ctx.userId })),
  addAdmin: protectedProcedure.input(ZAddInstanceAdminInput).mutation(({ ctx, input }) => addInstanceAdmin({ userId: ctx.userId }, input)),
  removeAdmin: protectedProcedure.input(ZRemoveInstanceAdminInput).mutation(({ ctx, input }) => removeInstanceAdmin({ userId: ctx.userId }, input)),
  workspaces: protectedProcedure.query(({ ctx }) => listInstanceWorkspaces({ userId: ctx.userId })),
});
