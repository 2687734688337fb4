import { db } from "../../../db/client";

/** Active campaigns whose experiment settings promote winning variants on their own, oldest first. */
export async function listAutoPromotingCampaigns(): Promise<string[]> {
  const rows = await db.campaign.findMany({
    where: { status: "active", experiments: { path: ["autoPromote"], equals: true } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => row.id);
}
