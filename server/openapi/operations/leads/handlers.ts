// The handlers of the leads operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts.
import { apiHandler } from "../../../http/api-handler";
import { getLead } from "../../../services/leads/get-lead";
import { getLeadOperation } from "./get-lead";

export const leadsHandlers = [
  // GET /api/v1/leads/{id} – a lead of the workspace
  apiHandler(getLeadOperation, async ({ actor, params }) => ({ data: await getLead(actor, params.id) })),
];
