// The MCP server's resources: the workspace's campaigns, a campaign with its stats, a lead, and a
// lead's progress and timeline in a campaign, each read through the same operation's handler as the
// REST request (so the key's role, rate limit and workspace apply alike).
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { ZErrorBody } from "../schemas/common";
import { operationRequest, type McpCaller } from "./call-operation";
import { allOperationTools } from "./all-tools";

const CAMPAIGNS = "herald://campaigns";
const CAMPAIGN = /^herald:\/\/campaigns\/([^/?#]+)$/;
const CAMPAIGN_LEAD = /^herald:\/\/campaigns\/([^/?#]+)\/leads\/([^/?#]+)$/;
const CAMPAIGN_LEAD_TIMELINE = /^herald:\/\/campaigns\/([^/?#]+)\/leads\/([^/?#]+)\/timeline$/;
const LEAD = /^herald:\/\/leads\/([^/?#]+)$/;
const LISTED_CAMPAIGNS = 100;

export function staticResources(): Resource[] {
  return [{ uri: CAMPAIGNS, name: "campaigns", title: "Campaigns", description: "The workspace's campaigns, newest first (up to 100), with their stats.", mimeType: "application/json" }];
}

export function resourceTemplates(): ResourceTemplate[] {
  return [
    { uriTemplate: "herald://campaigns/{id}", name: "campaign", title: "A campaign", description: "A campaign with its stats, settings and wired sequence.", mimeType: "application/json" },
    {
      uriTemplate: "herald://campaigns/{id}/leads/{leadId}",
      name: "campaign-lead",
      title: "A lead in a campaign",
      description: "A lead's progress in a campaign: its status, current step and what happened so far. leadId is the lead's id (led_…) or its campaign lead id (cld_…).",
      mimeType: "application/json",
    },
    {
      uriTemplate: "herald://campaigns/{id}/leads/{leadId}/timeline",
      name: "campaign-lead-timeline",
      title: "A lead's timeline in a campaign",
      description: "The lead page: a lead's progress in a campaign, its profile, current step, sender, lists and everything that happened to it, oldest first, in words.",
      mimeType: "application/json",
    },
    { uriTemplate: "herald://leads/{id}", name: "lead", title: "A lead", description: "A lead of the workspace (led_…): its profile, tags, custom variables, and the lists and campaigns it is in.", mimeType: "application/json" },
  ];
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function route(uri: string): { operationId: string; params: Record<string, string>; query: Record<string, string> } | null {
  if (uri === CAMPAIGNS) return { operationId: "listCampaigns", params: {}, query: { limit: String(LISTED_CAMPAIGNS) } };
  const leadOnly = LEAD.exec(uri);
  const onlyLeadId = leadOnly ? decoded(leadOnly[1]!) : null;
  if (onlyLeadId !== null) return { operationId: "getLead", params: { id: onlyLeadId }, query: {} };
  const timeline = CAMPAIGN_LEAD_TIMELINE.exec(uri);
  const [timelineCampaignId, timelineLeadId] = timeline ? [decoded(timeline[1]!), decoded(timeline[2]!)] : [null, null];
  if (timelineCampaignId !== null && timelineLeadId !== null) return { operationId: "getCampaignLeadTimeline", params: { id: timelineCampaignId, leadId: timelineLeadId }, query: {} };
  const lead = CAMPAIGN_LEAD.exec(uri);
  const [campaignId, leadId] = lead ? [decoded(lead[1]!), decoded(lead[2]!)] : [null, null];
  if (campaignId !== null && leadId !== null) return { operationId: "getCampaignLead", params: { id: campaignId, leadId }, query: {} };
  const campaign = CAMPAIGN.exec(uri);
  const id = campaign ? decoded(campaign[1]!) : null;
  if (id !== null) return { operationId: "getCampaign", params: { id }, query: {} };
  return null;
}

export async function readHeraldResource(uri: string, caller: McpCaller): Promise<{ text: string } | { error: string; status: number }> {
  const target = route(uri);
  const tool = target && allOperationTools().find((candidate) => candidate.operation.operationId === target.operationId);
  if (!target || !tool) return { error: `Herald has no resource at ${uri}: read herald://campaigns, herald://campaigns/{id}, herald://campaigns/{id}/leads/{leadId}, herald://campaigns/{id}/leads/{leadId}/timeline or herald://leads/{id}.`, status: 404 };
  const answer = await tool.handler.serve(operationRequest(tool, { params: target.params, query: target.query, body: undefined }, caller), target.params);
  if (answer.status >= 400) {
    const parsed = ZErrorBody.safeParse(answer.body ? JSON.parse(answer.body) : null);
    return { error: parsed.success ? parsed.data.error.message : `The resource could not be read (HTTP ${answer.status}).`, status: answer.status };
  }
  return { text: answer.body ?? "null" };
}
