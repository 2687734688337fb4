// The handlers of the lead-lists operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { addLeadListLeads } from "../../../services/lead-lists/add-lead-list-leads";
import { createLeadList } from "../../../services/lead-lists/create-lead-list";
import { deleteLeadList } from "../../../services/lead-lists/delete-lead-list";
import { getLeadList } from "../../../services/lead-lists/get-lead-list";
import { listLeadListLeads } from "../../../services/lead-lists/list-lead-list-leads";
import { listLeadLists } from "../../../services/lead-lists/list-lead-lists";
import { removeLeadListLead } from "../../../services/lead-lists/remove-lead-list-lead";
import { updateLeadList } from "../../../services/lead-lists/update-lead-list";
import { addLeadListLeadsOperation } from "./add-lead-list-leads";
import { createLeadListOperation } from "./create-lead-list";
import { deleteLeadListOperation } from "./delete-lead-list";
import { getLeadListOperation } from "./get-lead-list";
import { listLeadListLeadsOperation } from "./list-lead-list-leads";
import { listLeadListsOperation } from "./list-lead-lists";
import { removeLeadListLeadOperation } from "./remove-lead-list-lead";
import { updateLeadListOperation } from "./update-lead-list";

export const leadListsHandlers = [
  // GET /api/v1/lead-lists – list lead lists
  apiHandler(listLeadListsOperation, async ({ actor, query }) => {
    const { lists, total } = await listLeadLists(actor, query);
    return { data: lists, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/lead-lists – create a lead list
  apiHandler(createLeadListOperation, async ({ actor, body }) => ({ data: await createLeadList(actor, body) })),
  // GET /api/v1/lead-lists/{id} – a lead list
  apiHandler(getLeadListOperation, async ({ actor, params }) => ({ data: await getLeadList(actor, params.id) })),
  // PATCH /api/v1/lead-lists/{id} – rename it
  apiHandler(updateLeadListOperation, async ({ actor, params, body }) => ({ data: await updateLeadList(actor, params.id, body) })),
  // DELETE /api/v1/lead-lists/{id} – delete it
  apiHandler(deleteLeadListOperation, async ({ actor, params }) => {
    await deleteLeadList(actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  // GET /api/v1/lead-lists/{id}/leads – the list's leads
  apiHandler(listLeadListLeadsOperation, async ({ actor, params, query }) => {
    const { leads, total } = await listLeadListLeads(actor, params.id, query);
    return { data: leads, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/lead-lists/{id}/leads – add leads to a list
  apiHandler(addLeadListLeadsOperation, async ({ actor, params, body }) => ({ data: await addLeadListLeads(actor, params.id, body) })),
  // DELETE /api/v1/lead-lists/{id}/leads/{leadId} – take a lead off a list
  apiHandler(removeLeadListLeadOperation, async ({ actor, params }) => {
    await removeLeadListLead(actor, params.id, params.leadId);
    return { data: { id: params.leadId, removed: true as const } };
  }),
];
