import { dataEnvelope } from "../../../../schemas/common";
import { ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";
import { ZMailboxIdParams } from "./shared";

export const checkMailboxDnsOperation = defineOperation({
  operationId: "checkMailboxDns",
  method: "post",
  path: "/email-accounts/{id}/dns-check",
  summary: "Check a mailbox's domain DNS now",
  description: [
    "Checks the DNS of the mailbox's domain now (Herald also checks every mailbox daily and right after it connects) and returns the mailbox with the fresh `dnsHealth` and overall `health`.",
    "",
    "- **SPF**: one `v=spf1` record that includes the mailbox's sending service (Google Workspace `include:_spf.google.com`, Microsoft 365 `include:spf.protection.outlook.com`, an SMTP mailbox's outgoing server by its addresses), needs at most 10 DNS lookups counting nested includes, and ends in `-all` (`~all` is a warning; `?all`, `+all` or no `all` is invalid).",
    "- **DKIM**: a public key at `<selector>._domainkey.<domain>` (CNAMEs followed) that parses and is not revoked; the selector is the one seen in the mailbox's own signed mail, else the provider's (`google`; `selector1`, `selector2`).",
    "- **DMARC**: a record at `_dmarc.<domain>` (or its parent domain's), its policy (`p=none` is a warning: monitoring only) and whether SPF or DKIM authenticates the From domain (alignment).",
    "- **MX**: the domain receives mail (replies and bounces), each mail server has an address.",
    "",
    "Each check has a `status`, a plain-words `reason` and, where something should change, the exact record to publish (`fix`, with `replaces` naming the record it replaces). A lookup that fails (timeout, SERVFAIL) is `error`: it makes the domain `warning`, never `failing`; check again later. Sandbox mailboxes are checked against simulated zones, broken on purpose by words in the domain's name (`nospf`, `softfail`, `nodkim`, `nodmarc`, `nomx`…: see the sandbox guide).",
  ].join("\n"),
  tags: ["Mailboxes"],
  params: ZMailboxIdParams,
  response: dataEnvelope(ZMailbox),
  errors: ["not-found"],
});
