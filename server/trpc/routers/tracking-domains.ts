import { z } from "zod";
import { ZCreateTrackingDomainInput, ZMailboxTrackingInput } from "../../schemas/tracking-domain";
import { checkTrackingDomain } from "../../services/mail/tracking-domains/check-tracking-domain";
import { createTrackingDomain } from "../../services/mail/tracking-domains/create-tracking-domain";
import { deleteTrackingDomain } from "../../services/mail/tracking-domains/delete-tracking-domain";
import { getMailboxTracking } from "../../services/mail/tracking-domains/get-mailbox-tracking";
import { listTrackingDomains } from "../../services/mail/tracking-domains/list-tracking-domains";
import { setMailboxTrackingDomain } from "../../services/mail/tracking-domains/set-mailbox-tracking-domain";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const trackingDomainsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listTrackingDomains(ctx.actor)),
  create: workspaceProcedure.input(ZCreateTrackingDomainInput).mutation(({ ctx, input }) => createTrackingDomain(ctx.actor, input)),
  check: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => checkTrackingDomain(ctx.actor, input.id)),
  delete: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => deleteTrackingDomain(ctx.actor, input.id)),
  /** Which host a mailbox's links use, for the mailbox page. */
  forMailbox: workspaceProcedure.input(z.object({ mailboxId: z.string() })).query(({ ctx, input }) => getMailboxTracking(ctx.actor, input.mailboxId)),
  setForMailbox: workspaceProcedure
    .input(ZMailboxTrackingInput.extend({ mailboxId: z.string() }))
    .mutation(({ ctx, input }) => setMailboxTrackingDomain(ctx.actor, input.mailboxId, { trackingDomainId: input.trackingDomainId })),
});
