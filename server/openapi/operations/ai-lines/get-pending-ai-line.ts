import { dataEnvelope } from "../../../schemas/common";
import { ZPendingAiLine } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { AI_LINE_STATUSES_IN_WORDS, BEYOND_THE_SPEC_AI_LINES, ZAiLineIdParams } from "./shared";

export const getPendingAiLineOperation = defineOperation({
  operationId: "getPendingAiLine",
  method: "get",
  path: "/pending-ai-lines/{id}",
  summary: "Get an AI line",
  description: [`${BEYOND_THE_SPEC_AI_LINES} One line with its lead's card, campaign, step and prompt. Another workspace's line is 404.`, AI_LINE_STATUSES_IN_WORDS].join("\n\n"),
  tags: ["Approvals"],
  params: ZAiLineIdParams,
  response: dataEnvelope(ZPendingAiLine),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
