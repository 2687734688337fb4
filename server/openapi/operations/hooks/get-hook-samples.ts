import { ZHookSampleParams, ZHookSamples } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { HOOKS_NOTE } from "./shared";

export const getHookSamplesOperation = defineOperation({
  operationId: "getHookSamples",
  method: "get",
  path: "/hooks/samples/{event}",
  summary: "Get a sample delivery of an event",
  description: `\`data\` holds one body exactly as a delivery of \`event\` carries it (\`{event, workspaceId, createdAt, data}\`), with made-up data rather than the workspace's records: what Zapier's performList, Make's and n8n's samples show while fields are mapped. \`classification\` is null in the samples of message.received and email.received, as it is for subscriptions without \`classifyReplies\`.\n\n${HOOKS_NOTE}`,
  tags: ["REST hooks"],
  params: ZHookSampleParams,
  response: ZHookSamples,
});
