// Contract of check-tracking-domains with Inngest's own test engine: hourly, one sweep at a time, a
// step per tracking domain. The services are mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listTrackingDomainsToCheck } from "@/server/services/mail/tracking-domains/list-tracking-domains-to-check";
import { verifyTrackingDomain } from "@/server/services/mail/tracking-domains/verify-tracking-domain";
import { syncedFunction } from "../../server/test/inngest-contract";
import { checkTrackingDomainsFunction } from "./check-tracking-domains";

vi.mock("@/server/services/mail/tracking-domains/list-tracking-domains-to-check", () => ({ listTrackingDomainsToCheck: vi.fn() }));
vi.mock("@/server/services/mail/tracking-domains/verify-tracking-domain", () => ({ verifyTrackingDomain: vi.fn() }));

afterEach(() => {
  vi.mocked(listTrackingDomainsToCheck).mockReset();
  vi.mocked(verifyTrackingDomain).mockReset();
});

describe("check-tracking-domains", () => {
  it("runs hourly, one sweep at a time", async () => {
    const { config, spec } = await syncedFunction(checkTrackingDomainsFunction);
    expect(config.triggers).toEqual([{ cron: "41 * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: ["41 * * * *"], concurrency: [{ limit: 1 }] });
  });

  it("checks each tracking domain in a step of its own", async () => {
    vi.mocked(listTrackingDomainsToCheck).mockResolvedValue(["trk_a", "trk_b"]);
    vi.mocked(verifyTrackingDomain).mockImplementation(async (id) => (id === "trk_a" ? { status: "verified", reason: null, httpsWarning: null } : null));
    const { result } = await new InngestTestEngine({ function: checkTrackingDomainsFunction }).execute();
    expect(vi.mocked(verifyTrackingDomain).mock.calls.map(([id]) => id)).toEqual(["trk_a", "trk_b"]);
    expect(result).toEqual({ checked: 2 });
  });
});
