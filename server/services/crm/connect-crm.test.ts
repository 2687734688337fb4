// Connecting a CRM by OAuth: the state is single-use and expires, the callback stores the tokens
// encrypted, refusals and cancellations come back in plain words, and disconnecting forgets them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { configureHubspot, connectDouble, lookupOf, stateOf } from "@/server/test/crm-sync-setup";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { completeCrmConnect } from "./complete-crm-connect";
import { openCrmTokens } from "./crm-tokens";
import { disconnectCrm } from "./disconnect-crm";
import { listCrmIntegrations } from "./list-crm-connections";
import { listCrmSyncLog } from "./list-crm-sync-log";
import { startCrmConnect } from "./start-crm-connect";

beforeEach(configureHubspot);
afterEach(() => setClock(systemClock));

const answer = (state: string, code = "the-code") => ({ state, code, error: null, errorDescription: null });

describe("connecting a CRM", () => {
  it("stores the connection with its tokens encrypted, once per state", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const { authorizeUrl } = await startCrmConnect(actor, "hubspot", lookupOf(double));
    expect(authorizeUrl).toMatch(/^https:\/\/hubspot\.stand-in\.test\/oauth\/authorize\?/);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("redirect_uri")).toMatch(/\/api\/oauth\/crm\/callback$/);
    const state = stateOf(authorizeUrl);

    const outcome = await completeCrmConnect(answer(state), lookupOf(double));
    expect(outcome).toMatchObject({ provider: "hubspot", status: "connected", message: "Connected HubSpot (acme.example)." });
    const row = await db.crmConnection.findUniqueOrThrow({ where: { id: outcome.connectionId! } });
    expect(row).toMatchObject({ workspaceId: actor.workspaceId, status: "connected", accountId: "portal-1", accountName: "acme.example" });
    expect(row.tokensEncrypted).not.toContain("access-the-code");
    expect(openCrmTokens(row.tokensEncrypted!)).toMatchObject({ accessToken: "access-the-code", refreshToken: "refresh-the-code" });
    expect(row.fieldMapping).toEqual(double.provider.defaultFieldMapping);

    // The same answer again (a reload, or someone replaying it) is refused and changes nothing.
    await expect(completeCrmConnect(answer(state, "other-code"), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    expect(double.codesExchanged).toEqual(["the-code"]);
    const integrations = await listCrmIntegrations(actor);
    expect(integrations.map((entry) => [entry.provider, entry.configured, entry.connection?.status ?? null])).toEqual([
      ["hubspot", true, "connected"],
      ["pipedrive", false, null],
      ["salesforce", false, null],
    ]);
    expect(integrations[1]!.setupMessage).toContain("HERALD_PIPEDRIVE_CLIENT_ID and HERALD_PIPEDRIVE_CLIENT_SECRET");
  });

  it("refuses a state that expired, was forged, or never existed", async () => {
    const clock = new ManualClock(new Date());
    setClock(clock);
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const { authorizeUrl } = await startCrmConnect(actor, "hubspot", lookupOf(double));
    const state = stateOf(authorizeUrl);
    const [id] = state.split(".");
    await expect(completeCrmConnect(answer(`${id}.forged`), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    await expect(completeCrmConnect(answer("nothing"), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    clock.advance(11 * 60_000);
    await expect(completeCrmConnect(answer(state), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    expect(double.codesExchanged).toEqual([]);
    expect(await db.crmConnection.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("says in words when the person cancelled, and lets only admins and owners connect", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const { authorizeUrl } = await startCrmConnect(actor, "hubspot", lookupOf(double));
    const outcome = await completeCrmConnect({ state: stateOf(authorizeUrl), code: null, error: "access_denied", errorDescription: null }, lookupOf(double));
    expect(outcome).toMatchObject({ status: "failed", message: "You cancelled connecting HubSpot." });

    const member = await createTestWorkspace({ role: "member" });
    await expect(startCrmConnect(member.actor, "hubspot", lookupOf(double))).rejects.toMatchObject({ code: "forbidden" });
    await expect(startCrmConnect(actor, "pipedrive", lookupOf(double))).rejects.toMatchObject({ code: "provider-not-configured" });
  });

  it("disconnects: the tokens are gone, the log says the CRM keeps what Herald made", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    const { connection, message } = await disconnectCrm(actor, id);
    expect(connection.status).toBe("disconnected");
    expect(message).toContain("stay there");
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).tokensEncrypted).toBeNull();
    const log = await listCrmSyncLog(actor, id, { limit: 10, offset: 0 });
    expect(log.map((entry) => entry.message)).toEqual([message, "Connected HubSpot (acme.example)."]);
  });
});
