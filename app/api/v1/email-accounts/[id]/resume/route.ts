// POST /api/v1/email-accounts/{id}/resume – resume a paused mailbox
import { apiRoute } from "@/server/http/api-route";
import { resumeMailboxOperation } from "@/server/openapi/operations/mailboxes/resume-mailbox";
import { resumeMailbox } from "@/server/services/mailboxes/resume-mailbox";

export const POST = apiRoute(resumeMailboxOperation, async ({ actor, params }) => ({ data: await resumeMailbox(actor, params.id) }));
