import { dataEnvelope } from "../../../schemas/common";
import { ZPendingAiLine } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC_AI_LINES, ZAiLineIdParams } from "./shared";

export const rejectPendingAiLineOperation = defineOperation({
  operationId: "rejectPendingAiLine",
  method: "post",
  path: "/pending-ai-lines/{id}/reject",
  summary: "Reject an AI line",
  description: `${BEYOND_THE_SPEC_AI_LINES} The line becomes \`rejected\`: the lead's step takes the fallback for it (the placeholder's inline fallback \`{{ai.<name>|…}}\`, else the step's fallback copy), and its journal says so. Only a \`pending-approval\` line can be decided: any other answers 409 \`already-decided\`. Another workspace's line is 404.`,
  tags: ["Approvals"],
  params: ZAiLineIdParams,
  response: dataEnvelope(ZPendingAiLine),
  errors: ["not-found", "already-decided"],
});
