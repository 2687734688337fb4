import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZTrackingDomain } from "../../../schemas/tracking-domain";
import { TRACKING_DOMAIN_NOTE } from "./shared";

export const listTrackingDomainsOperation = defineOperation({
  operationId: "listTrackingDomains",
  method: "get",
  path: "/tracking-domains",
  summary: "List tracking domains",
  description: `The workspace's tracking domains, by host.\n\n${TRACKING_DOMAIN_NOTE}`,
  tags: ["Tracking domains"],
  response: z.object({ data: z.array(ZTrackingDomain) }),
});
