import { z } from "zod";
import { ZUpdateWorkspaceSettingsInput, ZWorkspaceName } from "../../schemas/workspace";
import { createWorkspace } from "../../services/workspaces/create-workspace";
import { getWorkspace } from "../../services/workspaces/get-workspace";
import { listUserWorkspaces } from "../../services/workspaces/list-user-workspaces";
import { switchWorkspace } from "../../services/workspaces/switch-workspace";
import { updateWorkspaceSettings } from "../../services/workspaces/update-workspace-settings";
import { protectedProcedure, router, workspaceProcedure } from "../init";

export const workspaceRouter = router({
  current: workspaceProcedure.query(async ({ ctx }) => ({
    workspace: await getWorkspace(ctx.actor),
    role: ctx.actor.role,
    canManageBilling: ctx.actor.canManageBilling,
  })),
  list: protectedProcedure.query(({ ctx }) => listUserWorkspaces(ctx.userId)),
  switch: protectedProcedure
    .input(z.object({ workspaceId: z.string() }))
    .mutation(({ ctx, input }) => switchWorkspace(ctx.userId, input.workspaceId)),
  create: protectedProcedure
    .input(z.object({ name: ZWorkspaceName }))
    .mutation(({ ctx, input }) => createWorkspace(ctx.userId, input.name)),
  updateSettings: workspaceProcedure
    .input(ZUpdateWorkspaceSettingsInput)
    .mutation(({ ctx, input }) => updateWorkspaceSettings(ctx.actor, input)),
});
