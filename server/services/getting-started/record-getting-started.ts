import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import type { TGettingStartedMoment } from "../../schemas/getting-started";

/**
 * Notes that the workspace did one of the checklist's steps, the first time only. Called by the
 * write that does the step (activating a campaign, acting as a prospect) in its own transaction,
 * or by the dashboard's explicit mutation when a forecast is first opened; never by a read.
 */
export async function recordGettingStarted(workspaceId: string, moment: TGettingStartedMoment, client: DbClient = db): Promise<void> {
  await client.workspace.updateMany({ where: { id: workspaceId, [moment]: null }, data: { [moment]: now() } });
}
