import { describe, expect, it } from "vitest";
import { senderAvailable, senderRebalanceable } from "./rebalanceable-sender";

const active = { connectionStatus: "connected", status: "active", paused: false };

describe("sender availability", () => {
  it("takes leads only when connected, active and not paused", () => {
    expect(senderAvailable(active)).toBe(true);
    expect(senderAvailable({ ...active, paused: true })).toBe(false);
    expect(senderAvailable({ ...active, connectionStatus: "reconnect_required" })).toBe(false);
  });

  it.each([
    ["paused", { ...active, paused: true }],
    ["in error", { ...active, status: "error" }],
    ["suspended", { ...active, status: "suspended" }],
    ["disconnected", { ...active, status: "disconnected", connectionStatus: "reconnect_required" }],
    ["waiting on a verification", { ...active, connectionStatus: "checkpoint_required" }],
    ["removed", null],
  ])("lets a sender %s be rebalanced", (_name, sender) => {
    expect(senderRebalanceable(sender)).toBe(true);
  });

  it("refuses to rebalance an active sender that is not paused", () => {
    expect(senderRebalanceable(active)).toBe(false);
  });
});
