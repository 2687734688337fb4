// POST /api/v1/email-accounts – connect a password (SMTP + IMAP) or sandbox mailbox
// GET /api/v1/email-accounts – list mailboxes
import { apiRoute } from "@/server/http/api-route";
import { connectMailboxOperation } from "@/server/openapi/operations/mailboxes/connect-mailbox";
import { listMailboxesOperation } from "@/server/openapi/operations/mailboxes/list-mailboxes";
import { connectMailbox } from "@/server/services/mailboxes/connect-mailbox";
import { listMailboxes } from "@/server/services/mailboxes/list-mailboxes";

export const POST = apiRoute(connectMailboxOperation, async ({ actor, body }) => ({ data: await connectMailbox(actor, body, { via: "api" }) }));

export const GET = apiRoute(listMailboxesOperation, async ({ actor, query }) => {
  const { mailboxes, total } = await listMailboxes(actor, query);
  return { data: mailboxes, paging: { limit: query.limit, offset: query.offset, total } };
});
