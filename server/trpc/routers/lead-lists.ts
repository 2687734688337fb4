import { z } from "zod";
import { ZPaginationQuery } from "../../schemas/common";
import { ZCreateLeadListInput, ZLeadsInput } from "../../schemas/lead";
import { addLeadListLeads } from "../../services/lead-lists/add-lead-list-leads";
import { createLeadList } from "../../services/lead-lists/create-lead-list";
import { deleteLeadList } from "../../services/lead-lists/delete-lead-list";
import { getLeadList } from "../../services/lead-lists/get-lead-list";
import { listLeadListLeads } from "../../services/lead-lists/list-lead-list-leads";
import { listLeadLists } from "../../services/lead-lists/list-lead-lists";
import { removeLeadListLead } from "../../services/lead-lists/remove-lead-list-lead";
import { updateLeadList } from "../../services/lead-lists/update-lead-list";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const leadListsRouter = router({
  list: workspaceProcedure.input(ZPaginationQuery).query(({ ctx, input }) => listLeadLists(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getLeadList(ctx.actor, input.id)),
  create: workspaceProcedure.input(ZCreateLeadListInput).mutation(({ ctx, input }) => createLeadList(ctx.actor, input)),
  rename: workspaceProcedure.input(ZCreateLeadListInput.extend({ id: z.string() })).mutation(({ ctx, input }) => updateLeadList(ctx.actor, input.id, { name: input.name })),
  delete: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => deleteLeadList(ctx.actor, input.id)),
  leads: workspaceProcedure.input(ZPaginationQuery.extend({ id: z.string() })).query(({ ctx, input }) => listLeadListLeads(ctx.actor, input.id, input)),
  addLeads: workspaceProcedure
    .input(z.object({ id: z.string(), leads: ZLeadsInput.shape.leads, source: z.enum(["csv", "dashboard"]).default("dashboard"), fileName: z.string().trim().max(255).optional() }))
    .mutation(({ ctx, input }) => addLeadListLeads(ctx.actor, input.id, { leads: input.leads }, input.source, input.fileName)),
  removeLead: workspaceProcedure.input(z.object({ id: z.string(), leadId: z.string() })).mutation(({ ctx, input }) => removeLeadListLead(ctx.actor, input.id, input.leadId)),
});
