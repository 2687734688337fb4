import { z } from "zod";
import { ZPaginationQuery } from "../../schemas/common";
import { ZSandboxMailAction } from "../../schemas/sandbox-mail";
import { actAsSandboxMailProspect } from "../../services/sandbox/act-as-mail-prospect";
import { acceptInvitationAsSandboxProspect, approveSandboxSignInFor, publishPostAsSandboxProspect, replyAsSandboxProspect } from "../../services/sandbox/act-as-prospect";
import { advanceSandboxNetwork } from "../../services/sandbox/advance-sandbox-network";
import { getSandboxMailOverview } from "../../services/sandbox/get-sandbox-mail-overview";
import { getSandboxOverview, listSandboxProspects } from "../../services/sandbox/get-sandbox-overview";
import { getSandboxReceived } from "../../services/sandbox/get-sandbox-received";
import { addSandboxReceiverEndpoint } from "../../services/webhooks/sandbox-receiver/add-sandbox-receiver-endpoint";
import { getSandboxWebhookReceiver } from "../../services/webhooks/sandbox-receiver/get-sandbox-webhook-receiver";
import { publicProcedure, router, workspaceProcedure } from "../init";

export const sandboxRouter = router({
  overview: workspaceProcedure.query(({ ctx }) => getSandboxOverview(ctx.actor)),
  /** Comments on prospects' posts and voice messages (with signed addresses of their audio). */
  received: workspaceProcedure.query(({ ctx }) => getSandboxReceived(ctx.actor)),
  prospects: workspaceProcedure
    .input(ZPaginationQuery.extend({ search: z.string().max(100).optional() }))
    .query(({ input }) => listSandboxProspects(input)),
  acceptInvitation: workspaceProcedure
    .input(z.object({ invitationId: z.string() }))
    .mutation(({ ctx, input }) => acceptInvitationAsSandboxProspect(ctx.actor, input.invitationId)),
  reply: workspaceProcedure
    .input(z.object({ prospectMemberId: z.string(), senderMemberId: z.string(), text: z.string().min(1).max(2000) }))
    .mutation(({ ctx, input }) => replyAsSandboxProspect(ctx.actor, input)),
  publishPost: workspaceProcedure
    .input(z.object({ prospectMemberId: z.string(), text: z.string().min(1).max(2000) }))
    .mutation(({ ctx, input }) => publishPostAsSandboxProspect(ctx.actor, input)),
  approveSignIn: workspaceProcedure
    .input(z.object({ sessionId: z.string() }))
    .mutation(({ ctx, input }) => approveSandboxSignInFor(ctx.actor, input.sessionId)),
  /** The sandbox's own captcha page: anyone holding the sign-in's id solves it (like LinkedIn's page). */
  solveCaptcha: publicProcedure.input(z.object({ sessionId: z.string() })).mutation(({ input }) => approveSandboxSignInFor(null, input.sessionId)),
  /** The mail network: e-mails the workspace's sandbox mailboxes sent, with planned and past outcomes. */
  mail: workspaceProcedure.query(({ ctx }) => getSandboxMailOverview(ctx.actor)),
  /** Acts as the recipient of a sandbox e-mail: open, click, reply, auto-reply, bounce, complain, unsubscribe. */
  actOnEmail: workspaceProcedure.input(ZSandboxMailAction).mutation(({ ctx, input }) => actAsSandboxMailProspect(ctx.actor, input)),
  /** The built-in webhook receiver: its address and what arrived there (the last 50). */
  webhookReceiver: workspaceProcedure.query(({ ctx }) => getSandboxWebhookReceiver(ctx.actor)),
  /** Adds the built-in receiver as a webhook endpoint subscribed to every event. */
  addWebhookReceiver: workspaceProcedure.mutation(({ ctx }) => addSandboxReceiverEndpoint(ctx.actor)),
  /** Lets the network catch up now instead of at the next minute. */
  advance: workspaceProcedure.mutation(() => advanceSandboxNetwork()),
});
