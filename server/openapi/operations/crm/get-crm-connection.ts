import { defineOperation } from "../../../http/api-operation";
import { dataEnvelope } from "../../../schemas/common";
import { ZCrmConnection, ZCrmConnectionIdParams } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const getCrmConnectionOperation = defineOperation({
  operationId: "getCrmConnection",
  method: "get",
  path: "/crm/connections/{id}",
  summary: "Get a CRM connection",
  description: `One connection: \`status\` is \`connected\`, \`revoked\` (the CRM refused Herald's access: reconnect in the dashboard), \`error\` (the last sync failed; \`lastError\` says why) or \`disconnected\`. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  params: ZCrmConnectionIdParams,
  response: dataEnvelope(ZCrmConnection),
  errors: ["not-found"],
});
