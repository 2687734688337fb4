// The handlers of the CRM operations, beside their operations in this folder. Listed in
// server/openapi/registry.ts, wrapped by server/http/api-handler.ts.
import { apiHandler } from "../../../http/api-handler";
import { disconnectCrm } from "../../../services/crm/disconnect-crm";
import { getCrmConnection } from "../../../services/crm/get-crm-connection";
import { listCrmConnections } from "../../../services/crm/list-crm-connections";
import { listCrmSyncLog } from "../../../services/crm/list-crm-sync-log";
import { requestCrmSync } from "../../../services/crm/request-crm-sync";
import { updateCrmSettings } from "../../../services/crm/update-crm-settings";
import { disconnectCrmConnectionOperation } from "./disconnect-crm-connection";
import { getCrmConnectionOperation } from "./get-crm-connection";
import { listCrmConnectionsOperation } from "./list-crm-connections";
import { listCrmSyncLogOperation } from "./list-crm-sync-log";
import { syncCrmConnectionOperation } from "./sync-crm-connection";
import { updateCrmConnectionOperation } from "./update-crm-connection";

export const crmHandlers = [
  // GET /api/v1/crm/connections – list CRM connections
  apiHandler(listCrmConnectionsOperation, async ({ actor }) => ({ data: await listCrmConnections(actor) })),
  // GET /api/v1/crm/connections/{id} – get one
  apiHandler(getCrmConnectionOperation, async ({ actor, params }) => ({ data: await getCrmConnection(actor, params.id) })),
  // PATCH /api/v1/crm/connections/{id} – update its settings
  apiHandler(updateCrmConnectionOperation, async ({ actor, params, body }) => ({ data: await updateCrmSettings(actor, params.id, body) })),
  // POST /api/v1/crm/connections/{id}/sync – sync now
  apiHandler(syncCrmConnectionOperation, async ({ actor, params }) => ({ data: await requestCrmSync(actor, params.id) })),
  // GET /api/v1/crm/connections/{id}/log – its sync log
  apiHandler(listCrmSyncLogOperation, async ({ actor, params, query }) => ({
    data: await listCrmSyncLog(actor, params.id, query),
    paging: { limit: query.limit, offset: query.offset },
  })),
  // POST /api/v1/crm/connections/{id}/disconnect – disconnect it
  apiHandler(disconnectCrmConnectionOperation, async ({ actor, params }) => ({ data: await disconnectCrm(actor, params.id) })),
];
