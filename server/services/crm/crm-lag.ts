// Rows are read by time cursors; a row whose time was taken before a slower transaction committed
// would land behind a cursor that already passed it. Reading only rows older than this lag (far
// longer than any transaction Herald runs) means nothing commits behind the cursor.
import { now } from "../../lib/clock";

export const CRM_READ_LAG_MS = 2 * 60_000;

/** The newest time a cursor read may take now. */
export function crmReadHorizon(): Date {
  return new Date(now().getTime() - CRM_READ_LAG_MS);
}
