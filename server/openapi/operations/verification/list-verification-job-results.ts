import { ZVerificationJobIdParams, ZVerificationJobResultsQuery, ZVerificationResultsPage } from "../../../schemas/verification";
import { defineOperation } from "../../../http/api-operation";

export const listVerificationJobResultsOperation = defineOperation({
  operationId: "listVerificationJobResults",
  method: "get",
  path: "/verification/jobs/{id}/results",
  summary: "List a verification job's results",
  description:
    "The job's addresses that have been checked, in address order, `limit` at a time (default 100, at most 1000); pass `paging.nextCursor` as `cursor` for the next page. `status` keeps only the addresses with that status, as the job reads them (with `targetsCompanies` false, a free webmail address is valid). Each address shows its latest stored verification, which a later check may have replaced. Addresses not checked yet are not listed.",
  tags: ["Verification"],
  params: ZVerificationJobIdParams,
  query: ZVerificationJobResultsQuery,
  response: ZVerificationResultsPage,
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
