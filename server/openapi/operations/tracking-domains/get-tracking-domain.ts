import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZTrackingDomain } from "../../../schemas/tracking-domain";
import { ZTrackingDomainIdParams } from "./shared";

export const getTrackingDomainOperation = defineOperation({
  operationId: "getTrackingDomain",
  method: "get",
  path: "/tracking-domains/{id}",
  summary: "Get a tracking domain",
  description: "The tracking domain with its status as last checked, the record to add and the mailboxes that use it.",
  tags: ["Tracking domains"],
  params: ZTrackingDomainIdParams,
  response: z.object({ data: ZTrackingDomain }),
  errors: ["not-found"],
});
