// POST /conversations/{id}/messages and the inbox's reply box: answers a conversation through its
// own sender (a LinkedIn message) or mailbox (an e-mail in the thread). Refused in plain words when
// the sender or mailbox cannot send now or the lead cannot be written to.
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZReplyInput, type TConversationMessage, type TReplyInput } from "../../schemas/inbox";
import { findConversation } from "./find-conversation";
import { findReplyBlocker } from "./reply-blocker";
import { replyByEmail } from "./reply-by-email";
import { replyOnLinkedin } from "./reply-on-linkedin";

export async function replyToConversation(actor: Actor, conversationId: string, input: TReplyInput): Promise<TConversationMessage> {
  const { text } = parseInput(ZReplyInput, input);
  const conversation = await findConversation(actor, conversationId);
  const reply = await findReplyBlocker({ ...conversation, workspaceId: actor.workspaceId });
  if (reply.blocker) throw reply.blocker;
  if (reply.channel === "linkedin") return replyOnLinkedin(conversation, reply.sender!, reply.lead, text);
  return replyByEmail(conversation, reply.mailbox!, reply.lead, reply.recipient!, text);
}
