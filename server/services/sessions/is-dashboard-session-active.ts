import { db } from "../../db/client";
import { now } from "../../lib/clock";

/**
 * Whether a dashboard session still stands: its row exists, belongs to the user and has not
 * expired. Runs on every authenticated dashboard request, so it is one read by a unique index.
 */
export async function isDashboardSessionActive(sessionToken: string, userId: string): Promise<boolean> {
  const row = await db.session.findUnique({ where: { sessionToken }, select: { userId: true, expires: true } });
  return !!row && row.userId === userId && row.expires > now();
}
