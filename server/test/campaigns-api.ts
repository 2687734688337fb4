// The campaigns API through its route handlers, for the campaigns API tests (app/api/v1/campaigns):
// a fresh workspace with an API key, and a call per route the tests use.
import { expect } from "vitest";
import * as accountsRoute from "@/app/api/v1/accounts/route";
import * as pauseAccountRoute from "@/app/api/v1/accounts/[id]/pause/route";
import * as forecastRoute from "@/app/api/v1/campaigns/[id]/forecast/route";
import * as funnelRoute from "@/app/api/v1/campaigns/[id]/funnel/route";
import * as pauseLeadRoute from "@/app/api/v1/campaigns/[id]/leads/[leadId]/pause/route";
import * as resumeLeadRoute from "@/app/api/v1/campaigns/[id]/leads/[leadId]/resume/route";
import * as leadRoute from "@/app/api/v1/campaigns/[id]/leads/[leadId]/route";
import * as stopLeadRoute from "@/app/api/v1/campaigns/[id]/leads/[leadId]/stop/route";
import * as leadsRoute from "@/app/api/v1/campaigns/[id]/leads/route";
import * as rebalanceRoute from "@/app/api/v1/campaigns/[id]/rebalance/route";
import * as campaignRoute from "@/app/api/v1/campaigns/[id]/route";
import * as stepRoute from "@/app/api/v1/campaigns/[id]/sequence/[stepId]/route";
import * as campaignsRoute from "@/app/api/v1/campaigns/route";
import { sandboxDirectory, sandboxProfileUrl } from "../providers/linkedin/sandbox/directory";
import { callRoute } from "./call-route";
import { createTestApiKey, createTestWorkspace } from "./factories";

export const directory = sandboxDirectory();
/** The sandbox directory's `index`th member's profile URL. */
export const profile = (index: number) => sandboxProfileUrl(directory[index]!.publicIdentifier);

/** A new workspace, its API key, and the campaigns API called with that key. */
export async function workspace() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const api = {
    create: (body: unknown) => callRoute(campaignsRoute.POST, "POST", "/campaigns", { key, body }),
    list: () => callRoute(campaignsRoute.GET, "GET", "/campaigns", { key }),
    get: (id: string) => callRoute(campaignRoute.GET, "GET", `/campaigns/${id}`, { key, params: { id } }),
    patch: (id: string, body: unknown) => callRoute(campaignRoute.PATCH, "PATCH", `/campaigns/${id}`, { key, params: { id }, body }),
    remove: (id: string) => callRoute(campaignRoute.DELETE, "DELETE", `/campaigns/${id}`, { key, params: { id } }),
    patchStep: (id: string, stepId: string, body: unknown) =>
      callRoute(stepRoute.PATCH, "PATCH", `/campaigns/${id}/sequence/${stepId}`, { key, params: { id, stepId }, body }),
    addLeads: (id: string, leads: unknown[]) => callRoute(leadsRoute.POST, "POST", `/campaigns/${id}/leads`, { key, params: { id }, body: { leads } }),
    leads: (id: string, query: Record<string, string | number> = {}) => callRoute(leadsRoute.GET, "GET", `/campaigns/${id}/leads`, { key, params: { id }, query }),
    lead: (id: string, leadId: string) => callRoute(leadRoute.GET, "GET", `/campaigns/${id}/leads/${leadId}`, { key, params: { id, leadId } }),
    stop: (id: string, leadId: string) => callRoute(stopLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/stop`, { key, params: { id, leadId } }),
    pause: (id: string, leadId: string) => callRoute(pauseLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/pause`, { key, params: { id, leadId } }),
    resume: (id: string, leadId: string) => callRoute(resumeLeadRoute.POST, "POST", `/campaigns/${id}/leads/${leadId}/resume`, { key, params: { id, leadId } }),
    rebalance: (id: string, linkedinAccountId: string) =>
      callRoute(rebalanceRoute.POST, "POST", `/campaigns/${id}/rebalance`, { key, params: { id }, body: { linkedinAccountId } }),
    funnel: (id: string) => callRoute(funnelRoute.GET, "GET", `/campaigns/${id}/funnel`, { key, params: { id } }),
    forecast: (id: string, days?: number) => callRoute(forecastRoute.GET, "GET", `/campaigns/${id}/forecast`, { key, params: { id }, query: days ? { days } : {} }),
    connect: async (name: string) => {
      const response = await callRoute(accountsRoute.POST, "POST", "/accounts", { key, body: { username: `${name}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: "x" } });
      expect(response.status).toBe(200);
      return response.body!.data.id as string;
    },
    pauseSender: (id: string) => callRoute(pauseAccountRoute.POST, "POST", `/accounts/${id}/pause`, { key, params: { id } }),
  };
  return { ...context, key, api };
}
