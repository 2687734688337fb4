import { dataEnvelope } from "../../../schemas/common";
import { ZAiPreview, ZAiPreviewInput } from "../../../schemas/ai-lines";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignStepParams } from "../campaigns/shared";
import { BEYOND_THE_SPEC_AI_LINES } from "./shared";

export const previewAiLinesOperation = defineOperation({
  operationId: "previewAiLines",
  method: "post",
  path: "/campaigns/{id}/sequence/{stepId}/ai-preview",
  summary: "Preview a step's AI lines for sample leads",
  description: `${BEYOND_THE_SPEC_AI_LINES} Writes the step's AI lines for up to five of the campaign's leads (\`campaignLeadIds\`, or the first five still to be sent the step, of the variant \`variantId\` when given) and answers with each lead's lines and the copy they make (subject and text, or the step's fallback copy where a line is missing). Each lead is previewed as sending treats it: its own variant, its own version of the copy's spintax, and only the lines that version uses. Lines are kept: sending reuses them and pays nothing again, and a second preview shows the same ones (a changed prompt writes new ones); with approval on they wait for approval as sending's do. A line already current for the lead is never written over, and a lead held for its lines' approval gets nothing new written. Each line written spends 1 AI credit (ledger reason \`ai-line\`), offline lines included; \`creditsSpent\` says how many this call spent (two previews at once never pay twice for a line). A workspace without credits gets lines \`failed\` with the reason "AI credits ran out"; a line the model wrote with a link in it is \`failed\` with "The AI line held a link" (refunded). 400 for a step that declares no AI lines (\`stepId\`), an unknown variant (\`variantId\`), leads of another campaign or leads stopped, finished or past the step (\`campaignLeadIds\`); 404 for an unknown campaign or step.`,
  tags: ["Campaigns"],
  params: ZCampaignStepParams,
  body: ZAiPreviewInput,
  response: dataEnvelope(ZAiPreview),
  errors: ["not-found"],
});
