// The handlers of the mailbox-hosted-links operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../../http/api-handler";
import { createMailboxHostedLink } from "../../../../services/mail/connect/create-mailbox-hosted-link";
import { getMailboxHostedLink } from "../../../../services/mail/connect/get-mailbox-hosted-link";
import { createMailboxHostedLinkOperation } from "./create-mailbox-hosted-link";
import { getMailboxHostedLinkOperation } from "./get-mailbox-hosted-link";

export const mailConnectHandlers = [
  // POST /api/v1/email-accounts/hosted-link – create a hosted link to connect a Google or Microsoft mailbox
  apiHandler(createMailboxHostedLinkOperation, async ({ actor, body }) => ({ data: await createMailboxHostedLink(actor, body) })),
  // GET /api/v1/email-accounts/hosted-link/{id} – read a mailbox hosted link's status
  apiHandler(getMailboxHostedLinkOperation, async ({ actor, params }) => ({ data: await getMailboxHostedLink(actor, params.id) })),
];
