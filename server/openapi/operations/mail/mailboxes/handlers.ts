// The handlers of the mailboxes operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../../http/api-handler";
import { startDeliverabilityTest } from "../../../../services/mail/deliverability/start-deliverability-test";
import { removeMailbox } from "../../../../services/mail/removal/remove-mailbox";
import { checkMailboxDns } from "../../../../services/mail/mailboxes/check-mailbox-dns";
import { connectMailbox } from "../../../../services/mail/mailboxes/connect-mailbox";
import { getMailbox } from "../../../../services/mail/mailboxes/get-mailbox";
import { getMailboxPerformance } from "../../../../services/mail/mailboxes/get-mailbox-performance";
import { listMailboxes } from "../../../../services/mail/mailboxes/list-mailboxes";
import { pauseMailbox } from "../../../../services/mail/mailboxes/pause-mailbox";
import { resumeMailbox } from "../../../../services/mail/mailboxes/resume-mailbox";
import { updateMailbox } from "../../../../services/mail/mailboxes/update-mailbox";
import { cancelManagedMailbox } from "../../../../services/mailbox-orders/managed-mailboxes/cancel-managed-mailbox";
import { cancelManagedMailboxOperation } from "./cancel-managed-mailbox";
import { checkMailboxDnsOperation } from "./check-mailbox-dns";
import { connectMailboxOperation } from "./connect-mailbox";
import { getMailboxOperation } from "./get-mailbox";
import { getMailboxPerformanceOperation } from "./get-mailbox-performance";
import { listMailboxesOperation } from "./list-mailboxes";
import { pauseMailboxOperation } from "./pause-mailbox";
import { removeMailboxOperation } from "./remove-mailbox";
import { resumeMailboxOperation } from "./resume-mailbox";
import { runDeliverabilityTestOperation } from "./run-deliverability-test";
import { updateMailboxOperation } from "./update-mailbox";

export const mailboxesHandlers = [
  // GET /api/v1/email-accounts – list mailboxes
  apiHandler(listMailboxesOperation, async ({ actor, query }) => {
    const { mailboxes, total } = await listMailboxes(actor, query);
    return { data: mailboxes, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/email-accounts – connect a password (SMTP + IMAP) or sandbox mailbox
  apiHandler(connectMailboxOperation, async ({ actor, body }) => ({ data: await connectMailbox(actor, body, { via: "api" }) })),
  // GET /api/v1/email-accounts/{id} – get a mailbox
  apiHandler(getMailboxOperation, async ({ actor, params }) => ({ data: await getMailbox(actor, params.id) })),
  // PATCH /api/v1/email-accounts/{id} – change its name, sender name, daily limit, signature, tracking or timezone
  apiHandler(updateMailboxOperation, async ({ actor, params, body }) => ({ data: await updateMailbox(actor, params.id, body) })),
  // DELETE /api/v1/email-accounts/{id} – remove it (restorable for the restore window)
  apiHandler(removeMailboxOperation, async ({ actor, params }) => ({ data: await removeMailbox(actor, params.id) })),
  // POST /api/v1/email-accounts/{id}/cancel-managed – cancel a managed mailbox at its renewal date
  apiHandler(cancelManagedMailboxOperation, async ({ actor, params, body }) => ({
    data: await cancelManagedMailbox(actor, params.id, body),
  })),
  // POST /api/v1/email-accounts/{id}/deliverability-test – run a deliverability test of a mailbox
  apiHandler(runDeliverabilityTestOperation, async ({ actor, params }) => ({ data: await startDeliverabilityTest(actor, params.id) })),
  // POST /api/v1/email-accounts/{id}/dns-check – check the mailbox's domain DNS now
  apiHandler(checkMailboxDnsOperation, async ({ actor, params }) => ({ data: await checkMailboxDns(actor, params.id) })),
  // POST /api/v1/email-accounts/{id}/pause – pause a mailbox
  apiHandler(pauseMailboxOperation, async ({ actor, params }) => ({ data: await pauseMailbox(actor, params.id) })),
  // GET /api/v1/email-accounts/{id}/performance – a mailbox's sent, replies and bounces over the last N days
  apiHandler(getMailboxPerformanceOperation, async ({ actor, params, query }) => ({
    data: await getMailboxPerformance(actor, params.id, query),
  })),
  // POST /api/v1/email-accounts/{id}/resume – resume a paused mailbox
  apiHandler(resumeMailboxOperation, async ({ actor, params }) => ({ data: await resumeMailbox(actor, params.id) })),
];
