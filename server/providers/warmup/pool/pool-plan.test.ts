// Picking recipients (pure): never the sender, other domains first, each receiving about what it
// sends, the same answer for the same day; fast enough for a pool of a thousand mailboxes.
import { describe, expect, it } from "vitest";
import { assignRecipients, firstEmailsOnDay, type PlanCandidate, type PlanSlot } from "./pool-plan";

function pool(size: number, volume: number) {
  const candidates: PlanCandidate[] = Array.from({ length: size }, (_, index) => ({ id: `m${index}`, domain: `d${index % Math.max(2, Math.floor(size / 2))}.test`, capacity: volume, received: 0 }));
  const slots: PlanSlot[] = [];
  for (let round = 0; round < volume; round++) for (const candidate of candidates) slots.push({ senderId: candidate.id, senderDomain: candidate.domain });
  return { candidates, slots };
}

describe("assignRecipients", () => {
  it("never picks the sender, prefers other domains and balances what each receives", () => {
    const { candidates, slots } = pool(20, 8);
    const picked = assignRecipients(slots, candidates, "2026-03-02:sandbox");
    expect(picked.every((id, index) => id && id !== slots[index]!.senderId)).toBe(true);
    const domain = new Map(candidates.map((candidate) => [candidate.id, candidate.domain]));
    expect(picked.filter((id, index) => domain.get(id!) === slots[index]!.senderDomain)).toEqual([]);
    const received = new Map<string, number>();
    for (const id of picked) received.set(id!, (received.get(id!) ?? 0) + 1);
    expect([...received.values()].every((count) => count === 8)).toBe(true);
    expect(assignRecipients(slots, candidates, "2026-03-02:sandbox")).toEqual(picked);
  });

  it("has nobody to pick for a mailbox alone in its group", () => {
    expect(assignRecipients([{ senderId: "a", senderDomain: "x.test" }], [{ id: "a", domain: "x.test", capacity: 2, received: 0 }], "s")).toEqual([null]);
  });

  it("plans a day of 1,000 mailboxes at 20 e-mails in seconds (20 million pairs weighed)", () => {
    const { candidates, slots } = pool(1000, 20);
    const started = performance.now();
    const picked = assignRecipients(slots, candidates, "2026-03-02:real");
    expect(picked.every(Boolean)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("firstEmailsOnDay", () => {
  it("keeps the middle of the inbox reply range for replies, at most half the volume", () => {
    expect(firstEmailsOnDay({ replyInbox: [20, 30] }, 2)).toBe(2);
    expect(firstEmailsOnDay({ replyInbox: [20, 30] }, 12)).toBe(9);
    expect(firstEmailsOnDay({ replyInbox: [100, 100] }, 4)).toBe(2);
    expect(firstEmailsOnDay({ replyInbox: [20, 30] }, 0)).toBe(0);
  });
});
