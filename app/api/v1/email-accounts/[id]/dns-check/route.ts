// POST /api/v1/email-accounts/{id}/dns-check – check the mailbox's domain DNS now
import { apiRoute } from "@/server/http/api-route";
import { checkMailboxDnsOperation } from "@/server/openapi/operations/mailboxes/check-mailbox-dns";
import { checkMailboxDns } from "@/server/services/mailboxes/check-mailbox-dns";

export const POST = apiRoute(checkMailboxDnsOperation, async ({ actor, params }) => ({ data: await checkMailboxDns(actor, params.id) }));
