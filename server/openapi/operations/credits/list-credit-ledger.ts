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
    "Every credit and debit of the effective workspace's AI credits, newest first, with the current balance. Company and people search, reply classification and AI drafts debit credits. " +
    "Each `grant` names who added the credits in `grantedBy`: an instance administrator (by name and e-mail), the billing provider (`Billing (Stripe)`, `Sandbox billing`) or `Welcome credits`. " +
    "Credits are an installation-level matter: only an instance administrator (in the dashboard) or a purchase through the billing provider adds them. " +
    "The API has no way to add credits: an API key acts for its workspace, never as an instance administrator, whoever made it.",
  tags: ["Workspaces"],
  query: ZPaginationQuery,
  response: z.object({
    data: z.array(ZCreditLedgerEntry),
    paging: ZPagingWithTotal,
    balance: z.number().int().meta({ description: "Current balance" }),
  }),
  acceptsWorkspaceHeader: true,
});
