// GET /api/v1/lead-lists/{id} – a lead list
// PATCH /api/v1/lead-lists/{id} – rename it
// DELETE /api/v1/lead-lists/{id} – delete it
import { apiRoute } from "@/server/http/api-route";
import { deleteLeadListOperation } from "@/server/openapi/operations/lead-lists/delete-lead-list";
import { getLeadListOperation } from "@/server/openapi/operations/lead-lists/get-lead-list";
import { updateLeadListOperation } from "@/server/openapi/operations/lead-lists/update-lead-list";
import { deleteLeadList } from "@/server/services/lead-lists/delete-lead-list";
import { getLeadList } from "@/server/services/lead-lists/get-lead-list";
import { updateLeadList } from "@/server/services/lead-lists/update-lead-list";

export const GET = apiRoute(getLeadListOperation, async ({ actor, params }) => ({ data: await getLeadList(actor, params.id) }));

export const PATCH = apiRoute(updateLeadListOperation, async ({ actor, params, body }) => ({ data: await updateLeadList(actor, params.id, body) }));

export const DELETE = apiRoute(deleteLeadListOperation, async ({ actor, params }) => {
  await deleteLeadList(actor, params.id);
  return { data: { id: params.id, deleted: true as const } };
});
