// The campaigns API through the registry's handlers, for the campaigns API tests (server/openapi/operations/campaigns):
// a fresh workspace with an API key, and a call per route the tests use.
import { expect } from "vitest";
import { sandboxDirectory, sandboxProfileUrl } from "../providers/linkedin/sandbox/directory";
import { callApi } from "./call-api";
import { createTestApiKey, createTestWorkspace } from "./factories";

export const directory = sandboxDirectory();
/** The sandbox directory's `index`th member's profile URL. */
export const profile = (index: number) => sandboxProfileUrl(directory[index]!.publicIdentifier);

/** A new workspace, its API key, and the campaigns API called with that key. */
export async function workspace() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const api = {
    create: (body: unknown) => callApi("POST", "/campaigns", { key, body }),
    list: () => callApi("GET", "/campaigns", { key }),
    get: (id: string) => callApi("GET", `/campaigns/${id}`, { key }),
    patch: (id: string, body: unknown) => callApi("PATCH", `/campaigns/${id}`, { key, body }),
    remove: (id: string) => callApi("DELETE", `/campaigns/${id}`, { key }),
    patchStep: (id: string, stepId: string, body: unknown) =>
      callApi("PATCH", `/campaigns/${id}/sequence/${stepId}`, { key, body }),
    addLeads: (id: string, leads: unknown[]) => callApi("POST", `/campaigns/${id}/leads`, { key, body: { leads } }),
    leads: (id: string, query: Record<string, string | number> = {}) => callApi("GET", `/campaigns/${id}/leads`, { key, query }),
    lead: (id: string, leadId: string) => callApi("GET", `/campaigns/${id}/leads/${leadId}`, { key }),
    stop: (id: string, leadId: string) => callApi("POST", `/campaigns/${id}/leads/${leadId}/stop`, { key }),
    pause: (id: string, leadId: string) => callApi("POST", `/campaigns/${id}/leads/${leadId}/pause`, { key }),
    resume: (id: string, leadId: string) => callApi("POST", `/campaigns/${id}/leads/${leadId}/resume`, { key }),
    rebalance: (id: string, linkedinAccountId: string) =>
      callApi("POST", `/campaigns/${id}/rebalance`, { key, body: { linkedinAccountId } }),
    funnel: (id: string) => callApi("GET", `/campaigns/${id}/funnel`, { key }),
    experiments: (id: string) => callApi("GET", `/campaigns/${id}/experiments`, { key }),
    forecast: (id: string, days?: number) => callApi("GET", `/campaigns/${id}/forecast`, { key, query: days ? { days } : {} }),
    connect: async (name: string) => {
      const response = await callApi("POST", "/accounts", { key, body: { username: `${name}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: "x" } });
      expect(response.status).toBe(200);
      return response.body!.data.id as string;
    },
    pauseSender: (id: string) => callApi("POST", `/accounts/${id}/pause`, { key }),
  };
  return { ...context, key, api };
}
