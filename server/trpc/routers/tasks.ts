import { ZCompleteManualTaskInput, ZListManualTasksQuery } from "../../schemas/manual-task";
import { completeManualTask } from "../../services/tasks/complete-manual-task";
import { listManualTasks } from "../../services/tasks/list-manual-tasks";
import { router, workspaceProcedure } from "../init";
import { z } from "zod";

export const tasksRouter = router({
  list: workspaceProcedure.input(ZListManualTasksQuery).query(({ ctx, input }) => listManualTasks(ctx.actor, input)),
  complete: workspaceProcedure
    .input(z.object({ id: z.string().min(1) }).extend(ZCompleteManualTaskInput.shape))
    .mutation(({ ctx, input }) => completeManualTask(ctx.actor, input.id, { outcome: input.outcome, note: input.note })),
});
