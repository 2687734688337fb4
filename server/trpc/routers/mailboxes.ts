import { z } from "zod";
import { ZConnectMailboxInput, ZListMailboxesQuery, ZMailboxPerformanceQuery, ZUpdateMailboxInput } from "../../schemas/mailbox";
import { checkAppMailbox } from "../../services/mail/mailboxes/check-app-mailbox";
import { connectMailbox } from "../../services/mail/mailboxes/connect-mailbox";
import { getMailbox } from "../../services/mail/mailboxes/get-mailbox";
import { getMailboxPerformance } from "../../services/mail/mailboxes/get-mailbox-performance";
import { listMailboxes } from "../../services/mail/mailboxes/list-mailboxes";
import { pauseMailbox } from "../../services/mail/mailboxes/pause-mailbox";
import { removeMailbox } from "../../services/mail/removal/remove-mailbox";
import { resumeMailbox } from "../../services/mail/mailboxes/resume-mailbox";
import { testMailboxConnection } from "../../services/mail/mailboxes/test-mailbox-connection";
import { updateMailbox } from "../../services/mail/mailboxes/update-mailbox";
import { router, workspaceProcedure } from "../init";
import { mailboxHostedLinkProcedures } from "./mailbox-hosted-links";

const ZId = z.object({ id: z.string() });

/** The mailbox resource's procedures; the hosted-link ones (Google, Microsoft) live in their own file and join them in one router. */
const mailboxProcedures = {
  list: workspaceProcedure.input(ZListMailboxesQuery).query(({ ctx, input }) => listMailboxes(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getMailbox(ctx.actor, input.id)),
  connect: workspaceProcedure.input(ZConnectMailboxInput).mutation(({ ctx, input }) => connectMailbox(ctx.actor, input, { via: "dashboard" })),
  testConnection: workspaceProcedure.input(ZConnectMailboxInput).mutation(({ ctx, input }) => testMailboxConnection(ctx.actor, input)),
  update: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateMailboxInput }))
    .mutation(({ ctx, input }) => updateMailbox(ctx.actor, input.id, input.changes)),
  pause: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => pauseMailbox(ctx.actor, input.id)),
  resume: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => resumeMailbox(ctx.actor, input.id)),
  checkAgain: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => checkAppMailbox(ctx.actor, input.id)),
  remove: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => removeMailbox(ctx.actor, input.id)),
  performance: workspaceProcedure
    .input(ZId.extend(ZMailboxPerformanceQuery.shape))
    .query(({ ctx, input }) => getMailboxPerformance(ctx.actor, input.id, { days: input.days })),
};

export const mailboxesRouter = router({ ...mailboxProcedures, ...mailboxHostedLinkProcedures });
