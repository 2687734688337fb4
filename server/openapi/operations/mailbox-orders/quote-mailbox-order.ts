import { dataEnvelope } from "../../../schemas/common";
import { ZMailboxOrder, ZQuoteMailboxOrderInput } from "../../../schemas/mailbox-order";
import { defineOperation } from "../../../http/api-operation";
import { GATES, MAILBOX_ORDERS_TAG } from "./shared";

export const quoteMailboxOrderOperation = defineOperation({
  operationId: "quoteMailboxOrder",
  method: "post",
  path: "/mailbox-orders",
  summary: "Quote a mailbox order",
  description: [
    "Extension (not in the spec). Prices an order of domains and mailboxes and keeps it `quoted` until `expiresAt` (24 hours); nothing is registered or charged until POST /mailbox-orders/{id}/pay.",
    "Each domain: `name`, `platform` (`google` for Google Workspace, `microsoft` for Microsoft 365; only the platforms the installation's mail platform hosts), `years` (1 to 10), optional `redirectUrl` (where the domain's web address sends visitors), `mailboxes` (`localPart`, `firstName`, `lastName`). `existing: true` orders mailboxes on a domain the workspace already holds: a domain bought through Herald earlier (same platform; no registration, no DNS work) or a domain of its own (no registration; Herald does not publish its DNS, the order's `dnsRecords` list what to publish). The first mailbox of a new domain is its admin mailbox (`isAdmin`). `warmup`: `enabled` (default true) and `strategy`, a preset name or custom values as PATCH /email-accounts/{id}/warmup takes (the conservative preset when left out); the full strategy is stored.",
    "Price (`totals`, `lines`): a new domain costs the registrar's first-year price plus its renewal price for each further year; an existing domain nothing; each mailbox its platform's monthly price for the first month. Managed mailboxes then renew monthly and domains yearly.",
    "400 `invalid-input` names each field at fault: a domain or address twice in the order, a new domain the registrar cannot register (its reason in words) or one already being registered, a domain of another workspace, a domain bought through Herald sent without `existing: true` or with another platform, an address that is already a mailbox of the workspace or in another order being carried out, a platform not offered (e.g. `domains.1.name`, `domains.0.mailboxes.2.localPart`, `domains.0.platform`). 400 `invalid-strategy` lists each bad warmup value in `details.errors` (`warmup.strategy.targetVolume`). 409 `domain-closed` for a domain whose admin mailbox was cancelled: it takes no new mailbox.",
    GATES,
    "502 `provider-failed` when the registrar or the mail platform cannot be reached.",
  ].join("\n\n"),
  tags: [MAILBOX_ORDERS_TAG],
  body: ZQuoteMailboxOrderInput,
  response: dataEnvelope(ZMailboxOrder),
  successStatus: 201,
  errors: ["invalid-strategy", "domain-closed", "email-channel-disabled", "managed-mailboxes-disabled", "provider-failed"],
});
