// Test support for the forecast's e-mail tests: a mailbox and an e-mail lead as the simulation sees
// them, and the calendar they run on.
import type { SimLead, SimMailbox } from "./simulation-types";

export const HOUR = 3_600_000;
export const START = Date.parse("2026-03-02T08:00:00Z"); // a Monday
export const EVERY_DAY = { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] };
export const OFFICE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

export function mailbox(id: string, overrides: Partial<SimMailbox> = {}): SimMailbox {
  return { id, timezone: "UTC", dailyLimit: 50, usedToday: 0, nextSendAt: null, sendCount: 0, available: true, ...overrides };
}

export function lead(index: number, overrides: Partial<SimLead> = {}): SimLead {
  return {
    id: `cld_${index}`,
    seq: index,
    campaignId: "cmp_mail",
    senderId: null,
    status: "pending",
    phase: "ready",
    stepId: null,
    waitUntil: null,
    invitationAccepted: false,
    openProfile: false,
    hasProfile: false,
    mailboxId: "mbx_a",
    email: `person-${index}@example.com`,
    emailOptOut: false,
    ...overrides,
  };
}
