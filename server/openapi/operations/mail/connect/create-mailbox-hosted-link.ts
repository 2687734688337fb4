import { dataEnvelope } from "../../../../schemas/common";
import { ZCreatedMailboxHostedLink, ZCreateMailboxHostedLinkInput } from "../../../../schemas/mailbox-hosted-link";
import { defineOperation } from "../../../../http/api-operation";

export const createMailboxHostedLinkOperation = defineOperation({
  operationId: "createMailboxHostedLink",
  method: "post",
  path: "/email-accounts/hosted-link",
  summary: "Create a hosted link to connect a Google or Microsoft mailbox",
  description:
    "A page where a person signs in on Google's or Microsoft's own page (OAuth 2.0 with PKCE), so nobody hands Herald a password. The mailbox is checked (SMTP and IMAP with XOAUTH2) and joins the workspace; with `reconnectAccountId` the same address renews that mailbox's sign-in. `url` is returned only here; `GET /email-accounts/hosted-link/{id}` reads the status (`pending`, `connected` with `accountId`, `failed` with `error`, `expired`). 409 `provider-not-configured` until an administrator sets the provider's OAuth client (HERALD_GOOGLE_CLIENT_ID and HERALD_GOOGLE_CLIENT_SECRET, or the HERALD_MICROSOFT_ ones); 403 `email-channel-disabled` while the workspace's email channel is off.",
  tags: ["Mailboxes"],
  body: ZCreateMailboxHostedLinkInput,
  response: dataEnvelope(ZCreatedMailboxHostedLink),
  successStatus: 201,
  errors: ["not-found", "provider-not-configured", "email-channel-disabled"],
  acceptsWorkspaceHeader: true,
});
