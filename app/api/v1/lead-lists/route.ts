// POST /api/v1/lead-lists – create a lead list
// GET /api/v1/lead-lists – list lead lists
import { apiRoute } from "@/server/http/api-route";
import { createLeadListOperation } from "@/server/openapi/operations/lead-lists/create-lead-list";
import { listLeadListsOperation } from "@/server/openapi/operations/lead-lists/list-lead-lists";
import { createLeadList } from "@/server/services/lead-lists/create-lead-list";
import { listLeadLists } from "@/server/services/lead-lists/list-lead-lists";

export const POST = apiRoute(createLeadListOperation, async ({ actor, body }) => ({ data: await createLeadList(actor, body) }));

export const GET = apiRoute(listLeadListsOperation, async ({ actor, query }) => {
  const { lists, total } = await listLeadLists(actor, query);
  return { data: lists, paging: { limit: query.limit, offset: query.offset, total } };
});
