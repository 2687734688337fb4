import { db } from "../../db/client";

/** True until the first owner exists: the dashboard then offers the first-run page. */
export async function needsFirstRun(): Promise<boolean> {
  return (await db.user.count()) === 0;
}
