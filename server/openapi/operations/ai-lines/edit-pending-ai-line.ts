import { dataEnvelope } from "../../../schemas/common";
import { ZEditAiLineInput, ZPendingAiLine } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_AI_LINES, ZAiLineIdParams } from "./shared";

export const editPendingAiLineOperation = defineOperation({
  operationId: "editPendingAiLine",
  method: "post",
  path: "/pending-ai-lines/{id}/edit",
  summary: "Change an AI line",
  description: `${BEYOND_THE_SPEC_AI_LINES} Changes the line's text, kept as one line (white space collapsed) of at most the line's \`maxLength\` in the step (400 naming \`value\` otherwise); it stays \`pending-approval\` and its lead keeps waiting. Only a \`pending-approval\` line can be changed: any other answers 409 \`already-decided\`. Another workspace's line is 404.`,
  tags: ["Approvals"],
  params: ZAiLineIdParams,
  body: ZEditAiLineInput,
  response: dataEnvelope(ZPendingAiLine),
  errors: ["not-found", "already-decided"],
});
