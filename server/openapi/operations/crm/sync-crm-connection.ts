import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { dataEnvelope } from "../../../schemas/common";
import { ZCrmConnectionIdParams } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const syncCrmConnectionOperation = defineOperation({
  operationId: "syncCrmConnection",
  method: "post",
  path: "/crm/connections/{id}/sync",
  summary: "Sync a CRM now",
  description: `Starts the connection's sync now (it also runs every 5 minutes): exclusions are pulled, then leads and activities pushed. Answers at once; the sync log says what it did. Admins and owners only; refused with \`crm-disconnected\` when the CRM revoked Herald's access. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  params: ZCrmConnectionIdParams,
  response: dataEnvelope(z.object({ requested: z.literal(true), message: z.string() })),
  successStatus: 202,
  errors: ["not-found", "forbidden", "crm-disconnected"],
});
