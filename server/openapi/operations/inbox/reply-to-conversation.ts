import { dataEnvelope } from "../../../schemas/common";
import { ZConversationMessage, ZReplyInput } from "../../../schemas/inbox";
import { defineOperation } from "../../../http/api-operation";
import { DIRECT_ACTION_ERRORS } from "../senders/shared";
import { BEYOND_THE_SPEC, ZConversationIdParams } from "./shared";

export const replyToConversationOperation = defineOperation({
  operationId: "replyToConversation",
  method: "post",
  path: "/conversations/{id}/messages",
  summary: "Reply in a conversation",
  description: [
    `${BEYOND_THE_SPEC} Sends \`text\` through the conversation's own sender or mailbox and answers 201 with the message sent; the conversation is marked read.`,
    "LinkedIn: a message in the chat, counted against the sender's daily message cap (429 `daily-limit-reached`); LinkedIn's refusals are answered as for direct actions (409 `sender-not-ready`, `sender-paused`, `not-connected`, 429 `sender-cooldown`, …). message.sent fires with `source: manual`.",
    "E-mail: a reply in the thread (In-Reply-To the thread's latest e-mail, References the chain, subject `Re: <thread subject>`), plain text and simple HTML with the mailbox's signature, no tracking. It counts in the mailbox's `sentCount` but not against its daily limit, which is for campaign e-mails. email.sent fires with `source: manual` and `email.threaded: true`. 409 `mailbox-not-ready` when the mailbox is removed, in error (reconnect it), paused or not connected, or the mail server refused its sign-in; 409 `email-not-sent` when the mail server did not take the e-mail (the message says why and whether to retry); 409 `cannot-reply` when the lead cannot be written to (no address, unsubscribed, address bouncing).",
  ].join("\n\n"),
  tags: ["Inbox"],
  params: ZConversationIdParams,
  body: ZReplyInput,
  response: dataEnvelope(ZConversationMessage),
  successStatus: 201,
  // LinkedIn answers as a direct action does (a LinkedIn message also needs a connection).
  errors: [...DIRECT_ACTION_ERRORS, "not-connected", "cannot-reply", "mailbox-not-ready", "email-not-sent"],
});
