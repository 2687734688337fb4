import { describe, expect, it } from "vitest";
import { checkpointColumn, limitsColumn, readCheckpoint, readLimitOverrides, readSsi } from "./sender-columns";

describe("sender columns", () => {
  it("reads back a checkpoint and limit overrides as written, and null as null", () => {
    const checkpoint = {
      type: "OTP" as const,
      input: "code" as const,
      requestedAt: "2026-03-02T09:00:00.000Z",
      canResend: true,
      canTryAnotherWay: false,
      hostedUrl: null,
      reconnectFrom: "connected" as const,
    };
    expect(readCheckpoint(checkpointColumn(checkpoint))).toEqual(checkpoint);
    expect(readLimitOverrides(limitsColumn({ daily: { invitations: 6 }, weeklyInvitations: null }))).toEqual({ daily: { invitations: 6 }, weeklyInvitations: null });
    expect(readCheckpoint(null)).toBeNull();
    expect(readLimitOverrides(null)).toBeNull();
  });

  it("fills what an older checkpoint row lacks, and refuses an unknown verification type", () => {
    expect(readCheckpoint({ type: "2FA", input: "code", requestedAt: "2026-03-02T09:00:00.000Z" })).toMatchObject({
      canResend: false,
      canTryAnotherWay: false,
      hostedUrl: null,
    });
    expect(() => readCheckpoint({ type: "SMOKE_SIGNAL", input: "code", requestedAt: "x" })).toThrow(/sender checkpoint/);
  });

  it("reads the SSI with its numbers and sync time", () => {
    expect(readSsi({ score: 61.5, brand: "12", unavailable: false, syncedAt: "2026-03-02T09:00:00.000Z" })).toMatchObject({ score: 61.5, brand: "12" });
  });
});
