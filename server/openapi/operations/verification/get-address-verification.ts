import { dataEnvelope } from "../../../schemas/common";
import { ZAddressVerification, ZVerificationLookupQuery } from "../../../schemas/verification";
import { defineOperation } from "../../../http/api-operation";

export const getAddressVerificationOperation = defineOperation({
  operationId: "getAddressVerification",
  method: "get",
  path: "/verification",
  summary: "Read an address's stored verification",
  description:
    "The latest verification stored for `email` in this workspace, however old (see `checkedAt`), without checking again; 404 `not-found` when the address has never been checked here. Addresses are matched without regard to case.",
  tags: ["Verification"],
  query: ZVerificationLookupQuery,
  response: dataEnvelope(ZAddressVerification),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
