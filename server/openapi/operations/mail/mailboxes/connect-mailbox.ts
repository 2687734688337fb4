import { dataEnvelope } from "../../../../schemas/common";
import { ZConnectMailboxInput, ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";

export const connectMailboxOperation = defineOperation({
  operationId: "connectMailbox",
  method: "post",
  path: "/email-accounts",
  summary: "Connect a password, e-mail API or sandbox mailbox",
  description: [
    "Beyond the spec (there, password mailboxes are connected from the app). `provider: smtp` connects any SMTP + IMAP host with a password or app password: `smtp` and `imap` each take `host`, `port`, `security` (`tls`, `starttls`, `none`), `username` (the address when left out) and `password`. `provider: sandbox` connects a mailbox of Herald's simulated mail network and needs no servers. Google and Microsoft mailboxes connect through POST /email-accounts/hosted-link.",
    "The settings are checked by really signing in (SMTP AUTH and IMAP LOGIN) before anything is stored; passwords are stored encrypted and never returned. A failed check is a 400 whose code says what failed — `mail-host-unreachable`, `mail-tls-failed`, `mail-auth-failed`, `mail-timeout`, `mail-sending-refused`, `mail-connection-failed` — in plain words, with `details.field` naming the setting at fault (e.g. `smtp.host`, `imap.password`). What a server said before Herald signed in is never passed on (`details.serverResponse` keeps at most its reply code, e.g. `535 5.7.8`).",
    "Unless the installation sets `HERALD_ALLOW_PRIVATE_MAIL_HOSTS`, each host must be, and resolve only to, globally reachable addresses, by the webhooks' rule: loopback, private, link-local, unspecified and the other special-purpose addresses, in any spelling (`127.1`, `2130706433`, `0x7f000001`, `::ffff:127.0.0.1`, `localhost`), are a 400 `invalid-input` naming `smtp.host` or `imap.host`, answered before either server is contacted. Every later connection (sending, reading, warmup, deliverability tests) checks the DNS answer it connects to again.",
    "`provider: ses | postmark | sendgrid | mailgun` connects a mailbox that sends through an e-mail API provider: `apiKey` (Amazon SES: the IAM access key id, with `secretAccessKey` and `region`; Postmark: the server API token; SendGrid and Mailgun: the API key, Mailgun with `domain` and `region` `us` or `eu`) and `webhookSecret` (Postmark, required: the basic-auth password you put in the webhook URL; SendGrid: the Event Webhook's verification key; Mailgun: the webhook signing key; SES, optional: the SNS topic ARN allowed to post). The key is checked with a harmless call to the provider (a 400 `mail-auth-failed` naming `apiKey`, `secretAccessKey` or `region` when refused), stored encrypted and never returned. An optional `imap` server is where replies are read; without it, replies arrive through the provider's inbound webhook. The answer's `webhookUrl` is the address to give the provider for its events and inbound mail. Such mailboxes do not take part in warmup.",
    "Connecting an address the workspace already has reconnects that mailbox (new settings, error cleared). Connecting the address of a mailbox removed within the restore window (15 days by default) restores its campaigns, leads and settings under a new id with `restoredFrom`. Emits account.connected with `channel: email` for a new mailbox. 403 `email-channel-disabled` while the workspace's email channel is off.",
  ].join("\n\n"),
  tags: ["Mailboxes"],
  body: ZConnectMailboxInput,
  response: dataEnvelope(ZMailbox),
  errors: [
    "mail-host-unreachable",
    "mail-tls-failed",
    "mail-auth-failed",
    "mail-timeout",
    "mail-sending-refused",
    "mail-connection-failed",
    "email-channel-disabled",
  ],
  acceptsWorkspaceHeader: true,
});
