// Which mailboxes the minute's poll reads: every connected mailbox on real mail servers, paused or
// not (a paused mailbox's replies still count). Sandbox mailboxes are read by the sandbox network
// itself, right after their prospects answered (services/sandbox/advance-sandbox-network.ts).
import { db } from "../../../db/client";

export async function listMailboxesToRead(): Promise<string[]> {
  const rows = await db.mailbox.findMany({ where: { status: "connected", provider: { not: "sandbox" } }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}
