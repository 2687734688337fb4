import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZCreateTrackingDomainInput, ZTrackingDomain } from "../../../schemas/tracking-domain";
import { TRACKING_DOMAIN_NOTE } from "./shared";

export const createTrackingDomainOperation = defineOperation({
  operationId: "createTrackingDomain",
  method: "post",
  path: "/tracking-domains",
  summary: "Add a tracking domain",
  description: `Adds \`host\` for the sending domain \`domain\` (by default the workspace's sending domain the host is a subdomain of) and checks its records at once. Admins and owners. Refused with a 400 naming \`host\` or \`domain\`: a host that is not a subdomain of a domain the workspace's mailboxes send from, an IP address, Herald's own host, a host another workspace verified, or a second tracking domain for the same sending domain. A host another workspace added but never verified is taken over: that row never proved ownership.\n\n${TRACKING_DOMAIN_NOTE}`,
  tags: ["Tracking domains"],
  body: ZCreateTrackingDomainInput,
  response: z.object({ data: ZTrackingDomain }),
  successStatus: 201,
  errors: ["forbidden"],
});
