// The handlers of the verification operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { getAddressVerification } from "../../../services/verification/get-address-verification";
import { getVerificationJob } from "../../../services/verification/get-verification-job";
import { listVerificationJobResults } from "../../../services/verification/list-verification-job-results";
import { startVerificationJob } from "../../../services/verification/start-verification-job";
import { verifyAddress } from "../../../services/verification/verify-address";
import { getAddressVerificationOperation } from "./get-address-verification";
import { getVerificationJobOperation } from "./get-verification-job";
import { listVerificationJobResultsOperation } from "./list-verification-job-results";
import { startVerificationJobOperation } from "./start-verification-job";
import { verifyAddressOperation } from "./verify-address";

export const verificationHandlers = [
  // POST /api/v1/verification – one address, at once
  apiHandler(verifyAddressOperation, async ({ actor, body }) => ({ data: await verifyAddress(actor, body) })),
  // GET /api/v1/verification?email= – the stored result
  apiHandler(getAddressVerificationOperation, async ({ actor, query }) => ({ data: await getAddressVerification(actor, query.email, query.targetsCompanies) })),
  // POST /api/v1/verification/jobs – many addresses, in the background
  apiHandler(startVerificationJobOperation, async ({ actor, body }) => ({ data: await startVerificationJob(actor, body) })),
  // GET /api/v1/verification/jobs/{id} – a job's progress
  apiHandler(getVerificationJobOperation, async ({ actor, params }) => ({ data: await getVerificationJob(actor, params.id) })),
  // GET /api/v1/verification/jobs/{id}/results – its results, a page at a time
  apiHandler(listVerificationJobResultsOperation, async ({ actor, params, query }) => {
    const { results, nextCursor } = await listVerificationJobResults(actor, params.id, query);
    return { data: results, paging: { limit: query.limit, nextCursor } };
  }),
];
