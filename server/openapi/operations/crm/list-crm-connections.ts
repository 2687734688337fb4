import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZCrmConnection } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const listCrmConnectionsOperation = defineOperation({
  operationId: "listCrmConnections",
  method: "get",
  path: "/crm/connections",
  summary: "List CRM connections",
  description: `The workspace's CRM connections (HubSpot, Pipedrive, Salesforce), oldest first, with their status, mapping, rules and last sync. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  response: z.object({ data: z.array(ZCrmConnection) }),
});
