import { z } from "zod";
import { sha256Hex } from "../../lib/crypto";
import { ZAcceptInvitationInput, ZFirstRunInput } from "../../schemas/account-user";
import { acceptInvitation } from "../../services/members/accept-invitation";
import { getInvitationByToken } from "../../services/members/get-invitation-by-token";
import { completeFirstRun } from "../../services/setup/complete-first-run";
import { withPasswordAttempt } from "../../services/rate-limits/password-attempts";
import { needsFirstRun } from "../../services/setup/needs-first-run";
import { publicProcedure, router } from "../init";

/** Procedures used before anyone is signed in: first run and accepting an invitation. */
export const setupRouter = router({
  status: publicProcedure.query(async () => ({ needsFirstRun: await needsFirstRun() })),
  // Both check or hash a password: they count as password attempts from the client's address (and,
  // for an invitation, on the invitation, which names one account), like dashboard sign-ins.
  completeFirstRun: publicProcedure
    .input(ZFirstRunInput)
    .mutation(({ input, ctx }) => withPasswordAttempt({ account: null, address: ctx.clientAddress }, () => completeFirstRun(input))),
  invitation: publicProcedure.input(z.object({ token: z.string() })).query(({ input }) => getInvitationByToken(input.token)),
  acceptInvitation: publicProcedure
    .input(ZAcceptInvitationInput)
    .mutation(({ input, ctx }) =>
      withPasswordAttempt({ account: `invitation:${sha256Hex(input.token)}`, address: ctx.clientAddress }, () => acceptInvitation(input)),
    ),
});
