import type { Actor } from "../../lib/actor";
import type { TSenderAccount } from "../../schemas/sender";
import { findSender } from "./find-sender";
import { toSenderAccount } from "./to-sender-account";

export async function getSender(actor: Actor, accountId: string): Promise<TSenderAccount> {
  return toSenderAccount(await findSender(actor, accountId));
}
