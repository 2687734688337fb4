// AI credits for a test's own workspace, as the product adds them (issue 30): the instance
// administrator — the installation's first account, `adminRequest` — grants them, with a reason.
// A workspace owner cannot; in the browser they buy credits through the billing (companies.spec.ts).
import type { APIRequestContext } from "@playwright/test";
import { expect, type OwnWorkspace } from "./own-workspace";

export async function grantCredits(adminRequest: APIRequestContext, own: OwnWorkspace, amount: number, reason: string): Promise<void> {
  const workspace = await own.api.get("/workspace");
  expect(workspace.status(), await workspace.text()).toBe(200);
  const workspaceId = (await workspace.json()).data.id as string;
  const response = await adminRequest.post("/api/trpc/credits.grant", { data: { json: { workspaceId, amount, reason } } });
  expect(response.status(), `credits.grant: ${await response.text()}`).toBe(200);
}
