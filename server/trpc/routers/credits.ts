import { ZPaginationQuery } from "../../schemas/common";
import { ZBuyCreditsInput, ZGrantCreditsInput } from "../../schemas/credits";
import { buyAiCredits } from "../../services/credits/buy-ai-credits";
import { getCreditOffer } from "../../services/credits/get-credit-offer";
import { grantAiCredits } from "../../services/credits/grant-ai-credits";
import { listCreditLedger } from "../../services/credits/list-credit-ledger";
import { router, workspaceProcedure } from "../init";

export const creditsRouter = router({
  ledger: workspaceProcedure.input(ZPaginationQuery).query(({ ctx, input }) => listCreditLedger(ctx.actor, input)),
  offer: workspaceProcedure.query(({ ctx }) => getCreditOffer(ctx.actor)),
  /** Instance administrators only (the service checks): to any workspace, with a reason. */
  grant: workspaceProcedure.input(ZGrantCreditsInput).mutation(({ ctx, input }) => grantAiCredits(ctx.actor, input)),
  /** Owners and billing managers, through the billing provider, when the installation sells credits. */
  buy: workspaceProcedure.input(ZBuyCreditsInput).mutation(({ ctx, input }) => buyAiCredits(ctx.actor, input)),
});
