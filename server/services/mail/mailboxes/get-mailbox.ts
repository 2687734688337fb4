import type { Actor } from "../../../lib/actor";
import type { TMailbox } from "../../../schemas/mailbox";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

export async function getMailbox(actor: Actor, mailboxId: string): Promise<TMailbox> {
  return toMailbox(await findMailbox(actor, mailboxId));
}
