import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { dataEnvelope } from "../../../schemas/common";
import { ZCrmConnection, ZCrmConnectionIdParams } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const disconnectCrmConnectionOperation = defineOperation({
  operationId: "disconnectCrmConnection",
  method: "post",
  path: "/crm/connections/{id}/disconnect",
  summary: "Disconnect a CRM",
  description: `Herald forgets the connection's tokens and stops syncing. Contacts, activities and deals already made in the CRM stay there; the settings stay for a reconnect. Admins and owners only. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  params: ZCrmConnectionIdParams,
  response: dataEnvelope(z.object({ connection: ZCrmConnection, message: z.string() })),
  errors: ["not-found", "forbidden"],
});
