import { randomBytes } from "node:crypto";
import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** How long a dashboard session lasts from its sign-in, however active; then sign in again. */
export const DASHBOARD_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Records a new dashboard session for a signed-in user and returns its id, which the session's
 * JWT carries. The row is what makes the session revocable: signing out deletes it, and a JWT whose
 * row is gone is refused. The user's expired rows are cleared here, so rows never pile up.
 */
export async function startDashboardSession(userId: string): Promise<string> {
  const current = now();
  const sessionToken = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.session.deleteMany({ where: { userId, expires: { lt: current } } }),
    db.session.create({
      data: { sessionToken, userId, expires: new Date(current.getTime() + DASHBOARD_SESSION_MAX_AGE_SECONDS * 1000) },
    }),
  ]);
  return sessionToken;
}
