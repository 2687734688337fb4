import { dataEnvelope } from "../../../schemas/common";
import { ZCampaign, ZStepContentInput } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignStepParams } from "./shared";

export const updateCampaignStepOperation = defineOperation({
  operationId: "updateCampaignStep",
  method: "patch",
  path: "/campaigns/{id}/sequence/{stepId}",
  summary: "Change one step's copy and media",
  description:
    "Changes the copy and media of one step, for variant A or the variant named by `variantId`, keeping the step's id, wiring, delays and other variants; allowed while leads are in progress. Fields by kind: message `text`, `fallbackText`, `attachments`, `voice`; invite `note`, `fallbackNote`; InMail `subject`, `fallbackSubject`, `text`, `fallbackText`, `attachments` (no voice); AI voice note `script`, `fallbackScript`; comment `prompt`; recorded voice note `voice`. A field that does not belong to the step's kind is a 400. A recorded voice step with `voiceAssignments` is a 409 `voice-assignments`: replace its recordings through PATCH /campaigns/{id}. 404 for an unknown step or variant.",
  tags: ["Campaigns"],
  params: ZCampaignStepParams,
  body: ZStepContentInput,
  response: dataEnvelope(ZCampaign),
  errors: ["not-found", "voice-assignments"],
});
