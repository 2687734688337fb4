// The mailbox health page's procedures: DNS checks, the deliverability test and warmup.
import { z } from "zod";
import { ZUpdateWarmupInput } from "../../schemas/mailbox-health";
import { startDeliverabilityTest } from "../../services/mail/deliverability/start-deliverability-test";
import { checkMailboxDns } from "../../services/mail/mailboxes/check-mailbox-dns";
import { getWarmup } from "../../services/mail/warmup/get-warmup";
import { getWarmupHistory } from "../../services/mail/warmup/get-warmup-history";
import { resumeWarmup } from "../../services/mail/warmup/resume-warmup";
import { startWarmup } from "../../services/mail/warmup/start-warmup";
import { stopWarmup } from "../../services/mail/warmup/stop-warmup";
import { updateWarmupStrategy } from "../../services/mail/warmup/update-warmup-strategy";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const mailboxHealthRouter = router({
  checkDns: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => checkMailboxDns(ctx.actor, input.id)),
  runTest: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => startDeliverabilityTest(ctx.actor, input.id)),
  warmup: workspaceProcedure.input(ZId).query(({ ctx, input }) => getWarmup(ctx.actor, input.id)),
  warmupHistory: workspaceProcedure
    .input(ZId.extend({ days: z.number().int().min(1).max(365).default(30) }))
    .query(({ ctx, input }) => getWarmupHistory(ctx.actor, input.id, input.days)),
  startWarmup: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => startWarmup(ctx.actor, input.id)),
  stopWarmup: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => stopWarmup(ctx.actor, input.id)),
  resumeWarmup: workspaceProcedure.input(ZId).mutation(({ ctx, input }) => resumeWarmup(ctx.actor, input.id)),
  updateWarmup: workspaceProcedure
    .input(z.object({ id: z.string(), changes: ZUpdateWarmupInput }))
    .mutation(({ ctx, input }) => updateWarmupStrategy(ctx.actor, input.id, input.changes)),
});
