import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZPaginationQuery } from "../../../schemas/common";
import { ZCrmConnectionIdParams, ZCrmSyncLogEntry } from "../../../schemas/crm";
import { CONNECT_NOTE } from "./shared";

export const listCrmSyncLogOperation = defineOperation({
  operationId: "listCrmSyncLog",
  method: "get",
  path: "/crm/connections/{id}/log",
  summary: "List a CRM connection's sync log",
  description: `What each sync, import and connect did, newest first, with errors in plain words. ${CONNECT_NOTE}`,
  tags: ["CRM"],
  params: ZCrmConnectionIdParams,
  query: ZPaginationQuery,
  response: z.object({ data: z.array(ZCrmSyncLogEntry), paging: z.object({ limit: z.number().int(), offset: z.number().int() }) }),
  errors: ["not-found"],
});
