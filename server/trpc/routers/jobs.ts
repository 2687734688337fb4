import { ZListJobRunsInput } from "../../schemas/job-run";
import { listJobRuns } from "../../services/jobs/list-job-runs";
import { router, workspaceProcedure } from "../init";

export const jobsRouter = router({
  runs: workspaceProcedure.input(ZListJobRunsInput).query(({ ctx, input }) => listJobRuns(ctx.actor, input)),
});
