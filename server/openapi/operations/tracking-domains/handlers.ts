// The handlers of the tracking-domains operations: what each answers, beside its operation in this
// folder. Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts.
import { apiHandler } from "../../../http/api-handler";
import { checkTrackingDomain } from "../../../services/mail/tracking-domains/check-tracking-domain";
import { createTrackingDomain } from "../../../services/mail/tracking-domains/create-tracking-domain";
import { deleteTrackingDomain } from "../../../services/mail/tracking-domains/delete-tracking-domain";
import { getMailboxTracking } from "../../../services/mail/tracking-domains/get-mailbox-tracking";
import { getTrackingDomain } from "../../../services/mail/tracking-domains/get-tracking-domain";
import { listTrackingDomains } from "../../../services/mail/tracking-domains/list-tracking-domains";
import { setMailboxTrackingDomain } from "../../../services/mail/tracking-domains/set-mailbox-tracking-domain";
import { checkTrackingDomainOperation } from "./check-tracking-domain";
import { createTrackingDomainOperation } from "./create-tracking-domain";
import { deleteTrackingDomainOperation } from "./delete-tracking-domain";
import { getMailboxTrackingDomainOperation } from "./get-mailbox-tracking-domain";
import { getTrackingDomainOperation } from "./get-tracking-domain";
import { listTrackingDomainsOperation } from "./list-tracking-domains";
import { setMailboxTrackingDomainOperation } from "./set-mailbox-tracking-domain";

export const trackingDomainsHandlers = [
  // GET /api/v1/tracking-domains – list tracking domains
  apiHandler(listTrackingDomainsOperation, async ({ actor }) => ({ data: await listTrackingDomains(actor) })),
  // POST /api/v1/tracking-domains – add one and check it
  apiHandler(createTrackingDomainOperation, async ({ actor, body }) => ({ data: await createTrackingDomain(actor, body) })),
  // GET /api/v1/tracking-domains/{id} – get one
  apiHandler(getTrackingDomainOperation, async ({ actor, params }) => ({ data: await getTrackingDomain(actor, params.id) })),
  // POST /api/v1/tracking-domains/{id}/check – check it again now
  apiHandler(checkTrackingDomainOperation, async ({ actor, params }) => ({ data: await checkTrackingDomain(actor, params.id) })),
  // DELETE /api/v1/tracking-domains/{id} – remove it
  apiHandler(deleteTrackingDomainOperation, async ({ actor, params }) => {
    await deleteTrackingDomain(actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  // GET /api/v1/email-accounts/{id}/tracking-domain – where one mailbox's tracking links point
  apiHandler(getMailboxTrackingDomainOperation, async ({ actor, params }) => ({ data: await getMailboxTracking(actor, params.id) })),
  // PUT /api/v1/email-accounts/{id}/tracking-domain – choose the tracking domain of one mailbox
  apiHandler(setMailboxTrackingDomainOperation, async ({ actor, params, body }) => ({ data: await setMailboxTrackingDomain(actor, params.id, body) })),
];
