// GET /api/v1/credits/ledger – AI credit balance and ledger
import { apiRoute } from "@/server/http/api-route";
import { listCreditLedgerOperation } from "@/server/openapi/operations/credits/list-credit-ledger";
import { listCreditLedger } from "@/server/services/credits/list-credit-ledger";

export const GET = apiRoute(listCreditLedgerOperation, async ({ actor, query }) => {
  const { balance, entries, total } = await listCreditLedger(actor, query);
  return { data: entries, paging: { limit: query.limit, offset: query.offset, total }, balance };
});
