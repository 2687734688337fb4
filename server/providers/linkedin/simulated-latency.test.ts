import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../env";
import { DEFAULT_RATES, ratesOutcomeModel } from "../../services/campaigns/forecast/rates-outcome-model";
import { latencyDelayMs, withSimulatedLatency } from "./simulated-latency";
import type { LinkedinProvider } from "./types";

/**
 * A provider whose every member is typed as LinkedinProvider's: it visits profiles into `calls`, has
 * 7 InMail credits and a rates forecast model; any other call is a mistake of the test and rejects.
 */
function fakeProvider(calls: string[]): LinkedinProvider {
  const unused = () => Promise.reject(new Error("The fake LinkedIn provider is not asked this here"));
  return {
    name: "sandbox",
    connectWithPassword: unused,
    connectWithCookie: unused,
    solveCheckpoint: unused,
    checkCheckpoint: unused,
    resendCheckpoint: unused,
    tryAnotherWay: unused,
    createHostedAuthLink: unused,
    reconnectWithCookie: unused,
    reconnectWithPassword: unused,
    getAccountState: unused,
    disconnect: unused,
    getProfile: unused,
    searchPeople: unused,
    listRecentPosts: unused,
    listSentInvitations: unused,
    listRelations: unused,
    listMessages: unused,
    listChats: unused,
    listChatMessages: unused,
    getInmailBalance: async () => 7,
    getSsi: unused,
    sendInvitation: unused,
    withdrawInvitation: unused,
    sendMessage: unused,
    sendInmail: unused,
    visitProfile: async (account: string, member: string) => {
      calls.push(`visit ${account} ${member}`);
    },
    reactToPost: unused,
    followProfile: unused,
    commentOnPost: unused,
    forecastOutcomeModel: async () => ratesOutcomeModel(DEFAULT_RATES),
  };
}

describe("withSimulatedLatency", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is off by default: the settings say 0 and the provider comes back as it was", () => {
    const settings = parseEnv({});
    expect(settings.HERALD_SANDBOX_LATENCY_MS).toBe(0);
    expect(settings.HERALD_SANDBOX_LATENCY_JITTER_MS).toBe(0);
    const provider = fakeProvider([]);
    expect(withSimulatedLatency(provider, { latencyMs: settings.HERALD_SANDBOX_LATENCY_MS, jitterMs: settings.HERALD_SANDBOX_LATENCY_JITTER_MS })).toBe(provider);
  });

  it("spreads each wait within latency ± jitter, never below 0", () => {
    expect(latencyDelayMs({ latencyMs: 800, jitterMs: 200, random: () => 0 })).toBe(600);
    expect(latencyDelayMs({ latencyMs: 800, jitterMs: 200, random: () => 0.5 })).toBe(800);
    expect(latencyDelayMs({ latencyMs: 800, jitterMs: 200, random: () => 0.999_999 })).toBe(1000);
    expect(latencyDelayMs({ latencyMs: 50, jitterMs: 200, random: () => 0 })).toBe(0);
    for (let draw = 0; draw < 1000; draw++) {
      const delay = latencyDelayMs({ latencyMs: 800, jitterMs: 200 });
      expect(delay).toBeGreaterThanOrEqual(600);
      expect(delay).toBeLessThanOrEqual(1000);
    }
  });

  it("makes a call wait its delay on a real timer before it reaches the provider, with its arguments and answer", async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const provider = withSimulatedLatency(fakeProvider(calls), { latencyMs: 800, jitterMs: 200, random: () => 0.75 });
    let settled = false;
    const visit = provider.visitProfile("acc-1", "member-2").then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(899);
    expect(calls).toEqual([]);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await visit;
    expect(calls).toEqual(["visit acc-1 member-2"]);
    const balance = provider.getInmailBalance("acc-1");
    await vi.advanceTimersByTimeAsync(900);
    await expect(balance).resolves.toBe(7);
  });

  it("leaves the provider's name and the sandbox's own forecast model without a wait", async () => {
    vi.useFakeTimers();
    const provider = withSimulatedLatency(fakeProvider([]), { latencyMs: 800, jitterMs: 0 });
    expect(provider.name).toBe("sandbox");
    let settled = false;
    void provider.forecastOutcomeModel!({ senders: [], leads: [], start: 0 }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it("waits at least the configured time on the wall clock", async () => {
    const provider = withSimulatedLatency(fakeProvider([]), { latencyMs: 60, jitterMs: 20 });
    const started = performance.now();
    await provider.getInmailBalance("acc-1");
    // Timers may fire a millisecond early by rounding, never by more.
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });
});
