import { dataEnvelope } from "../../../schemas/common";
import { ZSenderAccount, ZUpdateSenderInput } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const updateSenderOperation = defineOperation({
  operationId: "updateSender",
  method: "patch",
  path: "/accounts/{id}",
  summary: "Rename a sender, set its timezone or its caps",
  description:
    "Beyond the spec. `limits` (admins only) overrides daily caps per action type (`invitations`, `profileViews`, `postLikes`, `messages`, `inmails`, `comments`) and `weeklyInvitations`; `weeklyInvitations: null` returns to the workspace's limit for the sender's plan.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  body: ZUpdateSenderInput,
  response: dataEnvelope(ZSenderAccount),
  errors: ["forbidden", "not-found"],
});
