import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZTrackingDomain } from "../../../schemas/tracking-domain";
import { ZTrackingDomainIdParams } from "./shared";

export const checkTrackingDomainOperation = defineOperation({
  operationId: "checkTrackingDomain",
  method: "post",
  path: "/tracking-domains/{id}/check",
  summary: "Check a tracking domain again",
  description:
    "Looks up the host's CNAME and its TXT proof now (\"Check again\") and answers the tracking domain as it then is: `verified` when it points at Herald and `_herald-tracking.<host>` holds this tracking domain's value, else `failing` with `reason` in plain words. A lookup that fails (a timeout) leaves a verified host verified and says so in `reason`. Once both are right, HTTPS on the host is tried (`https://<host>/t/health`, five seconds, no redirects, public addresses only unless the installation allows private ones): what it finds is `httpsWarning`, never a failure.",
  tags: ["Tracking domains"],
  params: ZTrackingDomainIdParams,
  response: z.object({ data: ZTrackingDomain }),
  errors: ["not-found"],
});
