// Contract of purge-expired-records with Inngest's own test engine: hourly, a step per kind of
// record. Services mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { purgeExpiredApiRecords } from "@/server/services/idempotency/purge-expired-api-records";
import { purgeWebhookDeliveries } from "@/server/services/webhooks/purge-webhook-deliveries";
import { purgeExpiredMessages } from "@/server/services/privacy/purge-expired-messages";
import { purgeMailProviderEvents } from "@/server/services/mail/provider-webhooks/purge-mail-provider-events";
import { purgeAgentWrites } from "@/server/services/agent-writes/purge-agent-writes";
import { purgeCrmSyncLog } from "@/server/services/crm/purge-crm-sync-log";
import { syncedFunction } from "../../server/test/inngest-contract";
import { purgeExpiredRecords } from "./purge-expired-records";

vi.mock("@/server/services/idempotency/purge-expired-api-records", () => ({ purgeExpiredApiRecords: vi.fn() }));
vi.mock("@/server/services/webhooks/purge-webhook-deliveries", () => ({ purgeWebhookDeliveries: vi.fn() }));
vi.mock("@/server/services/privacy/purge-expired-messages", () => ({ purgeExpiredMessages: vi.fn() }));
vi.mock("@/server/services/mail/provider-webhooks/purge-mail-provider-events", () => ({ purgeMailProviderEvents: vi.fn() }));
vi.mock("@/server/services/agent-writes/purge-agent-writes", () => ({ purgeAgentWrites: vi.fn() }));
vi.mock("@/server/services/crm/purge-crm-sync-log", () => ({ purgeCrmSyncLog: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("purge-expired-records", () => {
  it("runs hourly at minute 17 with Inngest's default retries (three)", async () => {
    const { config, spec } = await syncedFunction(purgeExpiredRecords);
    expect(config.triggers).toEqual([{ cron: "17 * * * *" }]);
    expect(config.concurrency).toBeUndefined();
    expect(spec).toMatchObject({ cronTriggers: ["17 * * * *"], maxAttempts: 4, concurrency: [] });
  });

  it("purges webhook deliveries, then API records, then expired messages, then provider events, each in its own step, and reports all", async () => {
    vi.mocked(purgeWebhookDeliveries).mockResolvedValue({ deliveries: 4, events: 2 });
    vi.mocked(purgeExpiredApiRecords).mockResolvedValue({ idempotencyRecords: 9 });
    vi.mocked(purgeExpiredMessages).mockResolvedValue({ emailMessages: 3, linkedinMessages: 1, conversations: 1 });
    vi.mocked(purgeMailProviderEvents).mockResolvedValue({ mailProviderEvents: 5 });
    vi.mocked(purgeAgentWrites).mockResolvedValue({ agentWrites: 6 });
    vi.mocked(purgeCrmSyncLog).mockResolvedValue({ crmSyncLog: 7 });
    const { result, ctx } = await new InngestTestEngine({ function: purgeExpiredRecords }).execute();
    expect(result).toEqual({ deliveries: 4, events: 2, idempotencyRecords: 9, messages: { emailMessages: 3, linkedinMessages: 1, conversations: 1 }, mailProviderEvents: 5, agentWrites: 6, crmSyncLog: 7 });
    expect(new Set(ctx.step.run.mock.calls.map(([id]) => id))).toEqual(new Set(["purge-webhook-deliveries", "purge-api-records", "purge-expired-messages", "purge-mail-provider-events", "purge-agent-writes", "purge-crm-sync-log"]));
  });

  it("does not purge API records when purging deliveries failed (the step is retried first)", async () => {
    vi.mocked(purgeWebhookDeliveries).mockRejectedValue(new Error("database unavailable"));
    const { error } = await new InngestTestEngine({ function: purgeExpiredRecords }).execute();
    expect(error).toMatchObject({ message: "database unavailable" });
    expect(purgeExpiredApiRecords).not.toHaveBeenCalled();
  });
});
