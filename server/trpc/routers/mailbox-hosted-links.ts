// The dashboard's Google and Microsoft connect dialogs: spread into the `mailboxes` router
// (server/trpc/routers/mailboxes.ts) so the two files change apart.
import { z } from "zod";
import { ZCreateMailboxHostedLinkInput } from "../../schemas/mailbox-hosted-link";
import { createMailboxHostedLink } from "../../services/mail/connect/create-mailbox-hosted-link";
import { getMailboxHostedLink } from "../../services/mail/connect/get-mailbox-hosted-link";
import { getOauthAvailability } from "../../services/mail/connect/get-oauth-availability";
import { workspaceProcedure } from "../init";

export const mailboxHostedLinkProcedures = {
  createHostedLink: workspaceProcedure.input(ZCreateMailboxHostedLinkInput).mutation(({ ctx, input }) => createMailboxHostedLink(ctx.actor, input)),
  hostedLink: workspaceProcedure.input(z.object({ id: z.string().min(1) })).query(({ ctx, input }) => getMailboxHostedLink(ctx.actor, input.id)),
  oauthAvailability: workspaceProcedure.query(() => getOauthAvailability()),
};
