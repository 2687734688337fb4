// The CRM sync's "done when", on Herald's own paths end to end: leads added through the real
// add-leads service, e-mailed by the real campaign executor (the sandbox mail network answers one
// of them), HubSpot connected through the callback route as a browser would (Connect cookie and
// session), and the real sync-crm Inngest function run by Inngest's test engine against the HubSpot
// stand-in (real HTTP on loopback, HubSpot's documented shapes). Then a HubSpot customer comes back
// as a do-not-contact entry, and adding that person to a campaign counts them as never contacted.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, expect, it, vi } from "vitest";
import { GET as crmCallback } from "@/app/api/oauth/crm/callback/route";
import { syncCrm } from "@/inngest/functions/sync-crm";
import { db } from "@/server/db/client";
import { useHubspotStandIn } from "@/server/test/crm-sync-setup";
import { setClock, systemClock } from "@/server/lib/clock";
import { ZLeadsInput } from "@/server/schemas/lead";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { setupEmailCampaign, START } from "@/server/test/email-campaign";
import { dryRunAddCampaignLeads } from "../campaigns/dry-run-add-campaign-leads";
import { crmOauthCookie } from "./crm-oauth-state";
import { startCrmConnect } from "./start-crm-connect";
import { updateCrmSettings } from "./update-crm-settings";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.userId, getSessionActor: async () => null }));

const hubspot = useHubspotStandIn();
afterAll(() => {
  setClock(systemClock);
});

const DAY = 86_400_000;

async function runSync(connectionId: string, workspaceId: string) {
  const { result, error } = await new InngestTestEngine({ function: syncCrm, events: [{ name: "herald/crm-sync.requested", data: { connectionId, workspaceId } }] }).execute();
  expect(error).toBeUndefined();
  return result as { pull: Record<string, number>; push: Record<string, number> };
}

it("pushes leads Herald added and e-mailed, with their activity, and turns a HubSpot customer into someone Herald never contacts", async () => {
  const { clock, actor, campaign } = await setupEmailCampaign({
    sequence: { steps: [{ id: "first", type: "email", config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}}, a minute for {{company}}?" } }] },
    leads: [
      { email: "reply.ada@acme.test", firstName: "Ada", company: "Acme" },
      { email: "grace@acme.test", firstName: "Grace", company: "Acme" },
    ],
  });
  await driveCampaigns(clock, new Date(Date.parse(START) + DAY));
  expect(await db.outboxEvent.count({ where: { workspaceId: actor.workspaceId, event: "email.sent" } })).toBe(2);

  // Connect as the signed-in owner's browser does.
  session.userId = actor.userId;
  const { authorizeUrl, browserNonce } = await startCrmConnect(actor, "hubspot");
  const back = new URL((await fetch(authorizeUrl, { redirect: "manual" })).headers.get("location")!);
  const answer = await crmCallback(new Request(`http://herald.test/api/oauth/crm/callback${back.search}`, { headers: { cookie: crmOauthCookie(browserNonce, false).split(";")[0]! } }));
  expect(new URL(answer.headers.get("location")!).searchParams.get("outcome")).toBe("connected");
  const connection = await db.crmConnection.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, provider: "hubspot" } });

  // Past the read lag, the real sync function runs every stage.
  clock.advance(5 * 60_000);
  const first = await runSync(connection.id, actor.workspaceId);
  expect(first.push).toMatchObject({ created: 2 });
  for (const email of ["reply.ada@acme.test", "grace@acme.test"]) {
    const contact = hubspot.fake.contacts().find((entry) => entry.properties.email === email);
    expect(contact, email).toBeTruthy();
    expect(contact!.properties.company).toBe("Acme");
    const notes = hubspot.fake.notesFor(contact!.id);
    expect(notes.length, email).toBeGreaterThanOrEqual(email.startsWith("reply.") ? 2 : 1);
  }
  // A second sync sends nothing twice.
  clock.advance(5 * 60_000);
  const second = await runSync(connection.id, actor.workspaceId);
  expect(second.push).toMatchObject({ created: 0, activities: 0 });
  expect(hubspot.fake.contacts().filter((entry) => entry.properties.email === "grace@acme.test")).toHaveLength(1);

  // A customer in HubSpot, excluded by the rule: on the do-not-contact list after the next sync.
  const customer = hubspot.fake.addContact({ email: "buyer@customer.example", firstname: "Bea" });
  hubspot.fake.setLifecycleStage(customer, "customer");
  await updateCrmSettings(actor, connection.id, { exclusionRules: { customers: true, owned: false, listIds: [] } });
  clock.advance(5 * 60_000);
  const third = await runSync(connection.id, actor.workspaceId);
  expect(third.pull).toMatchObject({ exclusions: 1 });
  expect(await db.doNotContactEntry.findFirst({ where: { workspaceId: actor.workspaceId, value: "buyer@customer.example" } })).toMatchObject({ reason: "crm" });
  const dryRun = await dryRunAddCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ email: "buyer@customer.example", firstName: "Bea" }] }));
  expect(dryRun).toMatchObject({ doNotContact: 1 });
}, 120_000);
