// The whole sync with the real HubSpot provider against the HubSpot stand-in (real HTTP on
// loopback, HubSpot's documented shapes): Connect → the callback route stores the connection →
// Herald's lead and its activity appear in HubSpot → a HubSpot customer comes back as an exclusion.
import { expect, it, vi } from "vitest";
import { GET as crmCallback } from "@/app/api/oauth/crm/callback/route";
import { db } from "@/server/db/client";
import { useHubspotStandIn } from "@/server/test/crm-sync-setup";
import { createTestWorkspace } from "@/server/test/factories";
import { crmOauthCookie } from "./crm-oauth-state";
import { openCrmTokens } from "./crm-tokens";
import { runCrmSyncStage, type CrmSyncStage } from "./run-crm-sync-stage";
import { startCrmConnect } from "./start-crm-connect";
import { updateCrmSettings } from "./update-crm-settings";

// The browser's dashboard session: the person who clicked Connect is signed in.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.userId, getSessionActor: async () => null }));

const hubspot = useHubspotStandIn();


async function runToEnd(id: string, stage: CrmSyncStage) {
  for (let batch = 0; batch < 10; batch++) if ((await runCrmSyncStage(id, stage)).done) return;
}

it("connects HubSpot, pushes a lead and its activity, and pulls a customer back as an exclusion", async () => {
  const { actor } = await createTestWorkspace();
  session.userId = actor.userId;
  const { authorizeUrl, browserNonce } = await startCrmConnect(actor, "hubspot");
  const cookie = crmOauthCookie(browserNonce, false).split(";")[0]!;
  const approved = await fetch(authorizeUrl, { redirect: "manual" });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  // Without the Connect cookie (the link opened in another browser): refused, nothing exchanged.
  const elsewhere = await crmCallback(new Request(`http://herald.test/api/oauth/crm/callback${back.search}`));
  expect(new URL(elsewhere.headers.get("location")!).searchParams.get("outcome")).toBe("refused");
  expect(await db.crmConnection.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  const answer = await crmCallback(new Request(`http://herald.test/api/oauth/crm/callback${back.search}`, { headers: { cookie } }));
  expect(answer.status).toBe(303);
  expect(answer.headers.get("set-cookie")).toMatch(/^herald_crm_oauth=; Path=\/api\/oauth\/crm; Max-Age=0/);
  const landing = new URL(answer.headers.get("location")!);
  expect(landing.pathname).toBe("/settings/integrations");
  expect(Object.fromEntries(landing.searchParams)).toEqual({ outcome: "connected", crm: "hubspot" });
  const connection = await db.crmConnection.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, provider: "hubspot" } });
  expect(connection.accountName).toBe(hubspot.fake.hubDomain);
  expect(openCrmTokens(connection.tokensEncrypted!).accessToken).toBeTruthy();

  // Older than the sync's read lag (rows younger than two minutes wait for the next sync).
  const at = new Date(Date.now() - 5 * 60_000);
  const lead = await db.lead.create({
    data: { workspaceId: actor.workspaceId, source: "api", email: "ada@acme.example", firstName: "Ada", lastName: "Lovelace", company: "Acme", lastActivityAt: at, createdAt: at, updatedAt: at },
  });
  await db.outboxEvent.create({
    data: { workspaceId: actor.workspaceId, event: "email.sent", data: { leadId: lead.id, email: { subject: "Hello Ada" }, message: { text: "Hi Ada, …" } }, createdAt: at },
  });
  await runToEnd(connection.id, "push-leads");
  await runToEnd(connection.id, "push-activities");
  const contacts = hubspot.fake.contacts().filter((contact) => contact.properties.email === "ada@acme.example");
  expect(contacts).toHaveLength(1);
  expect(contacts[0]!.properties).toMatchObject({ firstname: "Ada", lastname: "Lovelace", company: "Acme" });
  expect(hubspot.fake.notesFor(contacts[0]!.id)).toHaveLength(1);

  const customer = hubspot.fake.addContact({ email: "buyer@customer.example", firstname: "Bea" });
  hubspot.fake.setLifecycleStage(customer, "customer");
  await updateCrmSettings(actor, connection.id, { exclusionRules: { customers: true, owned: false, listIds: [] } });
  await runToEnd(connection.id, "pull");
  const entry = await db.doNotContactEntry.findFirst({ where: { workspaceId: actor.workspaceId, value: "buyer@customer.example" } });
  expect(entry).toMatchObject({ kind: "email", reason: "crm", note: expect.stringMatching(/^HubSpot: a customer/) });
});
