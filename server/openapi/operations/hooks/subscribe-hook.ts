import { ZSavedHook, ZSubscribeHookInput } from "../../../schemas/hook";
import { defineOperation } from "../../../http/api-operation";
import { SIGNATURE_NOTE } from "../webhooks/shared";
import { HOOK_TARGET_NOTE, HOOKS_NOTE } from "./shared";

export const subscribeHookOperation = defineOperation({
  operationId: "subscribeHook",
  method: "post",
  path: "/hooks",
  summary: "Subscribe a REST hook",
  description: `Subscribes \`targetUrl\` (or \`target_url\`, or \`url\`) to one \`event\` or to \`events\`: \`{"targetUrl": "https://hooks.zapier.com/…", "event": "email.received"}\` is what Zapier's performSubscribe sends. Answers 201 with the subscription in \`data\`, like every single resource (platforms store it and read \`data.id\` to unsubscribe), including its signing \`secret\`, which is shown in this answer only; \`warnings\` beside \`data\` when it was saved with a caveat.\n\nThe workspace's endpoint limit applies (409 \`webhook-limit-reached\`). A target that is not a public address is refused with a 400 naming \`targetUrl\`.\n\n${HOOKS_NOTE}\n\n${HOOK_TARGET_NOTE}\n\n${SIGNATURE_NOTE}`,
  tags: ["REST hooks"],
  body: ZSubscribeHookInput,
  response: ZSavedHook,
  successStatus: 201,
  errors: ["webhook-limit-reached"],
});
