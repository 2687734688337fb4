import { ZConnectSenderResult, ZReconnectSenderInput } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { CONNECT_ERRORS_NOTE, ZAccountIdParams, SIGN_IN_ERRORS } from "./shared";

export const reconnectSenderOperation = defineOperation({
  operationId: "reconnectSender",
  method: "post",
  path: "/accounts/{id}/reconnect",
  summary: "Reconnect a sender",
  description: `Repairs a cookie sender with a fresh \`liAt\` (and \`userAgent\`), or a password sender with its \`password\`. Keeps the stored proxy unless a new \`proxy\` is sent. Same answers as connecting; 409 \`different-account\` when the credentials belong to another LinkedIn account. ${CONNECT_ERRORS_NOTE}`,
  tags: ["Senders"],
  params: ZAccountIdParams,
  body: ZReconnectSenderInput,
  response: ZConnectSenderResult,
  errors: ["not-found", "different-account", "already-connected", ...SIGN_IN_ERRORS],
});
