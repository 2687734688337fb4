import { ZHookSubscription, ZSubscribeHookInput } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { SIGNATURE_NOTE, TARGET_NOTE } from "../webhooks/shared";
import { HOOKS_NOTE } from "./shared";

export const subscribeHookOperation = defineOperation({
  operationId: "subscribeHook",
  method: "post",
  path: "/hooks",
  summary: "Subscribe a REST hook",
  description: `Subscribes \`targetUrl\` (or \`target_url\`, or \`url\`) to one \`event\` or to \`events\`: \`{"targetUrl": "https://hooks.zapier.com/…", "event": "email.received"}\` is what Zapier's performSubscribe sends. Answers 201 with the subscription itself, not wrapped in \`data\` (platforms store the answer and read \`id\` from it to unsubscribe), including its signing \`secret\`, which is shown in this answer only.\n\nThe workspace's endpoint limit applies (409 \`webhook-limit-reached\`). A target that is not a public address is refused with a 400 naming \`targetUrl\`.\n\n${HOOKS_NOTE}\n\n${TARGET_NOTE.replaceAll("`url`", "`targetUrl`")}\n\n${SIGNATURE_NOTE}`,
  tags: ["REST hooks"],
  body: ZSubscribeHookInput,
  response: ZHookSubscription,
  successStatus: 201,
  errors: ["webhook-limit-reached"],
});
