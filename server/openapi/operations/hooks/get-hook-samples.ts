import { ZHookSampleParams, ZHookSamples } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { HOOKS_NOTE } from "./shared";

export const getHookSamplesOperation = defineOperation({
  operationId: "getHookSamples",
  method: "get",
  path: "/hooks/samples/{event}",
  summary: "Get a sample delivery of an event",
  description: `\`data\` holds sample bodies exactly as a delivery of \`event\` carries them (\`{event, workspaceId, createdAt, data}\`), with made-up data rather than the workspace's records: one, or two for the account events senders and mailboxes both emit (account.connected, account.status_changed, account.paused, account.resumed), a LinkedIn sender's first and then a mailbox's, which carries \`channel: \"email\"\`, the mailbox as \`account\`, and on a pause by the bounce or complaint rate, \`reason\`: what Zapier's performList, Make's and n8n's samples show while fields are mapped. \`classification\` is null in the samples of message.received and email.received, as it is for subscriptions without \`classifyReplies\`.\n\n${HOOKS_NOTE}`,
  tags: ["REST hooks"],
  params: ZHookSampleParams,
  response: ZHookSamples,
});
