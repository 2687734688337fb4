// The mailboxes the daily DNS check covers: every one still connected or in error (a disconnected
// mailbox sends nothing), those checked longest ago first.
import { db } from "../../../db/client";

export async function listMailboxesForDnsCheck(): Promise<string[]> {
  const rows = await db.mailbox.findMany({
    where: { status: { not: "disconnected" } },
    orderBy: [{ dnsCheckedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
