import { ZGettingStarted } from "../../schemas/getting-started";
import { dismissGettingStarted } from "../../services/getting-started/dismiss-getting-started";
import { getGettingStarted } from "../../services/getting-started/get-getting-started";
import { recordGettingStarted } from "../../services/getting-started/record-getting-started";
import { router, workspaceProcedure } from "../init";

export const gettingStartedRouter = router({
  get: workspaceProcedure.output(ZGettingStarted).query(({ ctx }) => getGettingStarted(ctx.actor)),
  /** Fired once by the forecast tab when the checklist still waits for it: opening is no write of its own. */
  forecastOpened: workspaceProcedure.mutation(({ ctx }) => recordGettingStarted(ctx.actor.workspaceId, "forecastOpenedAt")),
  dismiss: workspaceProcedure.mutation(({ ctx }) => dismissGettingStarted(ctx.actor)),
});
