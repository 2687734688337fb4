import { z } from "zod";
import { ZCheckpointAnswer, ZHostedSignInInput } from "../../schemas/sender";
import { answerHostedCheckpoint, cancelHostedLink, startHostedSignIn, viewHostedLink } from "../../services/senders/hosted-sign-in";
import { publicProcedure, router } from "../init";

const ZToken = z.object({ token: z.string().min(1) });

/** The hosted connect page: whoever holds the link's token, signed in to Herald or not. */
export const hostedConnectRouter = router({
  view: publicProcedure.input(ZToken).query(({ input }) => viewHostedLink(input.token)),
  signIn: publicProcedure
    .input(ZHostedSignInInput.and(ZToken))
    .mutation(({ input: { token, ...credentials } }) => startHostedSignIn(token, credentials)),
  answer: publicProcedure.input(ZToken.extend({ answer: ZCheckpointAnswer })).mutation(({ input }) => answerHostedCheckpoint(input.token, input.answer)),
  cancel: publicProcedure.input(ZToken).mutation(({ input }) => cancelHostedLink(input.token)),
});
