import { z } from "zod";
import { ZLeadTimeline } from "../../schemas/lead-timeline";
import { getLeadTimeline } from "../../services/campaigns/get-lead-timeline";
import { router, workspaceProcedure } from "../init";

export const leadsRouter = router({
  /** The lead page: a lead of a campaign (by lead id or campaign lead id) with its timeline. */
  timeline: workspaceProcedure
    .input(z.object({ campaignId: z.string().min(1), leadId: z.string().min(1) }))
    .output(ZLeadTimeline)
    .query(({ ctx, input }) => getLeadTimeline(ctx.actor, input.campaignId, input.leadId)),
});
