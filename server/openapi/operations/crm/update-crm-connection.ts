import { defineOperation } from "../../../http/api-operation";
import { dataEnvelope } from "../../../schemas/common";
import { ZCrmConnection, ZCrmConnectionIdParams, ZUpdateCrmSettingsInput } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const updateCrmConnectionOperation = defineOperation({
  operationId: "updateCrmConnection",
  method: "patch",
  path: "/crm/connections/{id}",
  summary: "Update a CRM connection's settings",
  description: `Any subset of \`fieldMapping\` (only mapped fields are written to the CRM), \`exclusionRules\` (changing them makes the next pull read every contact again), \`deals\` (a deal in the chosen pipeline stage when a reply is classified interested), \`pushEnabled\`, \`pullEnabled\`. Admins and owners only. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  params: ZCrmConnectionIdParams,
  body: ZUpdateCrmSettingsInput,
  response: dataEnvelope(ZCrmConnection),
  errors: ["not-found", "forbidden"],
});
