import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";

/** Hides the home's checklist for the whole workspace (its steps keep being recorded). */
export async function dismissGettingStarted(actor: Actor): Promise<void> {
  await db.workspace.updateMany({ where: { id: actor.workspaceId, gettingStartedDismissedAt: null }, data: { gettingStartedDismissedAt: now() } });
}
