// POST /api/v1/lead-lists/{id}/leads – add leads to a list
// GET /api/v1/lead-lists/{id}/leads – the list's leads
import { apiRoute } from "@/server/http/api-route";
import { addLeadListLeadsOperation } from "@/server/openapi/operations/lead-lists/add-lead-list-leads";
import { listLeadListLeadsOperation } from "@/server/openapi/operations/lead-lists/list-lead-list-leads";
import { addLeadListLeads } from "@/server/services/lead-lists/add-lead-list-leads";
import { listLeadListLeads } from "@/server/services/lead-lists/list-lead-list-leads";

export const POST = apiRoute(addLeadListLeadsOperation, async ({ actor, params, body }) => ({ data: await addLeadListLeads(actor, params.id, body) }));

export const GET = apiRoute(listLeadListLeadsOperation, async ({ actor, params, query }) => {
  const { leads, total } = await listLeadListLeads(actor, params.id, query);
  return { data: leads, paging: { limit: query.limit, offset: query.offset, total } };
});
