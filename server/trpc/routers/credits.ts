import { ZPaginationQuery } from "../../schemas/common";
import { ZGrantCreditsInput } from "../../schemas/credits";
import { grantAiCredits } from "../../services/credits/grant-ai-credits";
import { listCreditLedger } from "../../services/credits/list-credit-ledger";
import { router, workspaceProcedure } from "../init";

export const creditsRouter = router({
  ledger: workspaceProcedure.input(ZPaginationQuery).query(({ ctx, input }) => listCreditLedger(ctx.actor, input)),
  grant: workspaceProcedure.input(ZGrantCreditsInput).mutation(({ ctx, input }) => grantAiCredits(ctx.actor, input)),
});
