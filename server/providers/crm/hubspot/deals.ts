// Deals: one for a positive reply, in the chosen pipeline and stage, associated to the contact in
// the same call (HubSpot-defined type 3, deal → contact); and the deal pipelines with their stages
// (GET /crm/v3/pipelines/deals) for the settings page.
import { AssociationTypes } from "@hubspot/api-client";
import { AssociationSpecAssociationCategoryEnum } from "@hubspot/api-client/lib/codegen/crm/deals/index.js";
import type { CrmPipeline, CrmRecordRef } from "../types";
import { callHubspot } from "./errors";
import type { HubspotContext } from "./contacts";
import { hubspotRecordUrl } from "./hubspot-api";

const DEAL_OBJECT_TYPE_ID = "0-3";

export async function createDeal(context: HubspotContext, contactId: string, deal: { name: string; pipelineId: string; stageId: string }): Promise<CrmRecordRef> {
  const created = await callHubspot("create the deal", () =>
    context.api.crm.deals.basicApi.create({
      properties: { dealname: deal.name, pipeline: deal.pipelineId, dealstage: deal.stageId },
      associations: [
        {
          to: { id: contactId },
          types: [{ associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId: AssociationTypes.dealToContact }],
        },
      ],
    }),
  );
  return { id: created.id, url: hubspotRecordUrl(await context.hubId(), DEAL_OBJECT_TYPE_ID, created.id) };
}

export async function listDealPipelines(context: HubspotContext): Promise<CrmPipeline[]> {
  const answer = await callHubspot("list the deal pipelines", () => context.api.crm.pipelines.pipelinesApi.getAll("deals"));
  return answer.results
    .filter((pipeline) => !pipeline.archived)
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((pipeline) => ({
      id: pipeline.id,
      name: pipeline.label,
      stages: pipeline.stages
        .filter((stage) => !stage.archived)
        .sort((a, b) => a.displayOrder - b.displayOrder)
        .map((stage) => ({ id: stage.id, name: stage.label })),
    }));
}
