import { z } from "zod";
import { ZPaginationQuery, ZPagingWithTotal } from "../../../schemas/common";
import { ZCreditLedgerEntry } from "../../../schemas/credits";
import { defineOperation } from "../../../http/api-operation";

export const listCreditLedgerOperation = defineOperation({
  operationId: "listCreditLedger",
  method: "get",
  path: "/credits/ledger",
  summary: "AI credit balance and ledger",
  description:
    "Every credit and debit of the effective workspace's AI credits, newest first, with the current balance. Company search and reply classification debit credits.",
  tags: ["Workspaces"],
  query: ZPaginationQuery,
  response: z.object({
    data: z.array(ZCreditLedgerEntry),
    paging: ZPagingWithTotal,
    balance: z.number().int().meta({ description: "Current balance" }),
  }),
  acceptsWorkspaceHeader: true,
});
