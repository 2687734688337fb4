import { ZPersonKey } from "../../schemas/privacy";
import { erasePerson } from "../../services/privacy/erase-person";
import { exportPerson } from "../../services/privacy/export-person";
import { router, workspaceProcedure } from "../init";

// The privacy duties for the dashboard's lead page: the same operations as /people/erase and /people/export.
export const peopleRouter = router({
  erase: workspaceProcedure.input(ZPersonKey).mutation(({ ctx, input }) => erasePerson(ctx.actor, input)),
  export: workspaceProcedure.input(ZPersonKey).query(({ ctx, input }) => exportPerson(ctx.actor, input)),
});
