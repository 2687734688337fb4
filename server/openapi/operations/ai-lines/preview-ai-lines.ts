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
  description: `${BEYOND_THE_SPEC_AI_LINES} Writes the step's AI lines for up to five of the campaign's leads (\`campaignLeadIds\`, or the first five) and answers with each lead's lines and the copy they make (subject and text, or the step's fallback copy where a line is missing). Lines are kept: sending reuses them and pays nothing again, and a second preview shows the same ones (a changed prompt writes new ones). Each line written spends 1 AI credit (ledger reason \`ai-line\`), offline lines included; \`creditsSpent\` says how many. A workspace without credits gets lines \`failed\` with the reason "AI credits ran out". 400 for a step that declares no AI lines (\`stepId\`), an unknown variant (\`variantId\`) or leads of another campaign (\`campaignLeadIds\`); 404 for an unknown campaign or step.`,
  tags: ["Campaigns"],
  params: ZCampaignStepParams,
  body: ZAiPreviewInput,
  response: dataEnvelope(ZAiPreview),
  errors: ["not-found"],
});
