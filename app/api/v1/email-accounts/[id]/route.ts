// GET /api/v1/email-accounts/{id} – get a mailbox
// PATCH /api/v1/email-accounts/{id} – change its name, sender name, daily limit, signature, tracking or timezone
// DELETE /api/v1/email-accounts/{id} – remove it (restorable for the restore window)
import { apiRoute } from "@/server/http/api-route";
import { getMailboxOperation } from "@/server/openapi/operations/mailboxes/get-mailbox";
import { removeMailboxOperation } from "@/server/openapi/operations/mailboxes/remove-mailbox";
import { updateMailboxOperation } from "@/server/openapi/operations/mailboxes/update-mailbox";
import { getMailbox } from "@/server/services/mailboxes/get-mailbox";
import { removeMailbox } from "@/server/services/mailbox-removal/remove-mailbox";
import { updateMailbox } from "@/server/services/mailboxes/update-mailbox";

export const GET = apiRoute(getMailboxOperation, async ({ actor, params }) => ({ data: await getMailbox(actor, params.id) }));

export const PATCH = apiRoute(updateMailboxOperation, async ({ actor, params, body }) => ({ data: await updateMailbox(actor, params.id, body) }));

export const DELETE = apiRoute(removeMailboxOperation, async ({ actor, params }) => ({ data: await removeMailbox(actor, params.id) }));
