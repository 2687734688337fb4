// DELETE /api/v1/lead-lists/{id}/leads/{leadId} – take a lead off a list
import { apiRoute } from "@/server/http/api-route";
import { removeLeadListLeadOperation } from "@/server/openapi/operations/lead-lists/remove-lead-list-lead";
import { removeLeadListLead } from "@/server/services/lead-lists/remove-lead-list-lead";

export const DELETE = apiRoute(removeLeadListLeadOperation, async ({ actor, params }) => {
  await removeLeadListLead(actor, params.id, params.leadId);
  return { data: { id: params.leadId, removed: true as const } };
});
