import { z } from "zod";
import { ZAcceptInvitationInput, ZFirstRunInput } from "../../schemas/account-user";
import { acceptInvitation } from "../../services/members/accept-invitation";
import { getInvitationByToken } from "../../services/members/get-invitation-by-token";
import { completeFirstRun } from "../../services/setup/complete-first-run";
import { needsFirstRun } from "../../services/setup/needs-first-run";
import { publicProcedure, router } from "../init";

/** Procedures used before anyone is signed in: first run and accepting an invitation. */
export const setupRouter = router({
  status: publicProcedure.query(async () => ({ needsFirstRun: await needsFirstRun() })),
  completeFirstRun: publicProcedure.input(ZFirstRunInput).mutation(({ input }) => completeFirstRun(input)),
  invitation: publicProcedure.input(z.object({ token: z.string() })).query(({ input }) => getInvitationByToken(input.token)),
  acceptInvitation: publicProcedure.input(ZAcceptInvitationInput).mutation(({ input }) => acceptInvitation(input)),
});
