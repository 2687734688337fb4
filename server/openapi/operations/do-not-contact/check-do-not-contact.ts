import { ZDoNotContactCheck, ZDoNotContactCheckQuery } from "../../../schemas/do-not-contact";
import { defineOperation } from "../../../http/api-operation";

export const checkDoNotContactOperation = defineOperation({
  operationId: "checkDoNotContact",
  method: "get",
  path: "/do-not-contact/check",
  summary: "Whether the do-not-contact list refuses a person",
  description:
    "Beyond the spec. Describe the person by any of `email`, `linkedinUrl` and `company`: they are refused when their address, their address's domain, their LinkedIn profile or their company is listed — on this workspace's list or, when this workspace shares its list, on any sharing workspace's (`entry.shared`). The same look-up the campaigns make before each step. `entry` is the narrowest entry that refuses them (address, then profile, then domain, then company) and `refusal` says why in words.",
  tags: ["Do not contact"],
  query: ZDoNotContactCheckQuery,
  response: ZDoNotContactCheck,
  acceptsWorkspaceHeader: true,
});
