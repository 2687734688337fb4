// The handlers of the credits operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { listCreditLedger } from "../../../services/credits/list-credit-ledger";
import { listCreditLedgerOperation } from "./list-credit-ledger";

export const creditsHandlers = [
  // GET /api/v1/credits/ledger – AI credit balance and ledger
  apiHandler(listCreditLedgerOperation, async ({ actor, query }) => {
    const { balance, entries, total } = await listCreditLedger(actor, query);
    return { data: entries, paging: { limit: query.limit, offset: query.offset, total }, balance };
  }),
];
