import { dataEnvelope } from "../../../schemas/common";
import { ZSenderAccount, ZUpdateSenderInput } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const updateSenderOperation = defineOperation({
  operationId: "updateSender",
  method: "patch",
  path: "/accounts/{id}",
  summary: "Rename a sender, set its timezone, its voice or its caps",
  description:
    "Beyond the spec. `limits` (admins only) overrides daily caps per action type (`invitations`, `profileViews`, `postLikes`, `messages`, `inmails`, `comments`, `follows`) and `weeklyInvitations`; `weeklyInvitations: null` returns to the workspace's limit for the sender's plan. `voiceId` (an id from GET /voices) is the voice its AI voice notes are spoken in; `null` returns to the installation's default voice; an id the installation's speech provider does not have is a 400 naming `voiceId`.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  body: ZUpdateSenderInput,
  response: dataEnvelope(ZSenderAccount),
  errors: ["forbidden", "not-found", "unavailable"],
});
