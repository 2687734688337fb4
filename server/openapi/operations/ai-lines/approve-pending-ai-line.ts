import { dataEnvelope } from "../../../schemas/common";
import { ZApproveAiLineInput, ZPendingAiLine } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_AI_LINES, ZAiLineIdParams } from "./shared";

export const approvePendingAiLineOperation = defineOperation({
  operationId: "approvePendingAiLine",
  method: "post",
  path: "/pending-ai-lines/{id}/approve",
  summary: "Approve an AI line",
  description: `${BEYOND_THE_SPEC_AI_LINES} The line becomes \`approved\`; once no other line its lead's copy uses (for the current prompt) waits, the lead is due again and the step goes out at the next turn with the line. The body is optional: \`value\` approves this text instead, kept as one line (white space collapsed) of at most the line's \`maxLength\` in the step (400 naming \`value\` otherwise). Only a \`pending-approval\` line can be decided: any other answers 409 \`already-decided\`. Another workspace's line is 404.`,
  tags: ["Approvals"],
  params: ZAiLineIdParams,
  body: ZApproveAiLineInput,
  response: dataEnvelope(ZPendingAiLine),
  errors: ["not-found", "already-decided"],
});
