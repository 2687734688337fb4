// The tracking domains the hourly check covers: all of them, those checked longest ago first.
import { db } from "../../../db/client";

export async function listTrackingDomainsToCheck(): Promise<string[]> {
  const rows = await db.trackingDomain.findMany({ orderBy: [{ checkedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }], select: { id: true } });
  return rows.map((row) => row.id);
}
