import { z } from "zod";
import { ZDomainOffer, ZDomainSearchInput } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { GATES, MAILBOX_ORDERS_TAG } from "./shared";

export const searchDomainsOperation = defineOperation({
  operationId: "searchDomains",
  method: "post",
  path: "/domains/search",
  summary: "Search domains to buy",
  description: [
    "Extension (not in the spec). Which domains can be registered through Herald and at what price. A name (`acme`) gets the registrar's suggestions; a full domain (`acme.com`) is checked first, followed by suggestions for its first label. At most 20 offers.",
    "`priceCents` is the registration for the `years` asked (default 1): the first year's price plus the renewal price (`renewalCents`) for each further year. An unavailable domain has `available: false`, no prices and its `reason` in plain words.",
    GATES,
    "502 `provider-failed` when the registrar cannot be reached.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  body: ZDomainSearchInput,
  response: z.object({ data: z.array(ZDomainOffer) }),
  errors: ["email-channel-disabled", "managed-mailboxes-disabled", "provider-failed"],
});
