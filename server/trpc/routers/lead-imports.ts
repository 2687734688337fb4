import { z } from "zod";
import { ZPaginationQuery } from "../../schemas/common";
import { ZStartLeadImportInput } from "../../schemas/lead";
import { getLeadImport } from "../../services/lead-imports/get-lead-import";
import { listLeadImports } from "../../services/lead-imports/list-lead-imports";
import { startLeadImport } from "../../services/lead-imports/start-lead-import";
import { router, workspaceProcedure } from "../init";

const ZId = z.object({ id: z.string() });

export const leadImportsRouter = router({
  list: workspaceProcedure.input(ZPaginationQuery).query(({ ctx, input }) => listLeadImports(ctx.actor, input)),
  get: workspaceProcedure.input(ZId).query(({ ctx, input }) => getLeadImport(ctx.actor, input.id)),
  start: workspaceProcedure.input(ZStartLeadImportInput).mutation(({ ctx, input }) => startLeadImport(ctx.actor, input)),
});
