import { db } from "../../db/client";

/** Signing out: the session's JWT is refused from now on, wherever a copy of it is. */
export async function endDashboardSession(sessionToken: string): Promise<void> {
  await db.session.deleteMany({ where: { sessionToken } });
}
