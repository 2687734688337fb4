import { db } from "../../db/client";
import { getLinkedinProvider } from "../../providers/linkedin";

/** The senders whose LinkedIn chats the periodic read covers: connected ones, of this installation's provider. */
export async function listConversationSyncSenders(): Promise<string[]> {
  const provider = await getLinkedinProvider();
  const senders = await db.linkedinAccount.findMany({
    where: { provider: provider.name, connectionStatus: "connected" },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return senders.map((sender) => sender.id);
}
