// The arithmetic of the warmup charts, apart from the SVG so it can be tested: where each day's
// warmup mail landed as shares that stack to 100 %, and the bars of a stacked bar chart.
import type { TWarmupHistoryDay } from "@/server/schemas/mailbox-health";

export interface PlacementShares {
  inbox: number;
  promotions: number;
  spam: number;
  /** The e-mails the shares are of; 0 on a day none landed (all shares 0). */
  total: number;
}

/** A day's placement as shares of the e-mails that landed (0–1 each, summing to 1 unless none landed). */
export function placementShares(day: Pick<TWarmupHistoryDay, "inbox" | "promotions" | "spam">): PlacementShares {
  const total = day.inbox + day.promotions + day.spam;
  if (!total) return { inbox: 0, promotions: 0, spam: 0, total: 0 };
  return { inbox: day.inbox / total, promotions: day.promotions / total, spam: day.spam / total, total };
}

export interface StackedBar<K extends string = string> {
  key: K;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Stacked bars in a box: one slot per day, a gap of `gap` (a share of the slot) between bars, each
 * day's segments stacked from the bottom in the order given, scaled so `max` reaches the top.
 * Segments of zero are left out.
 */
export function stackedBars<K extends string>(
  days: ReadonlyArray<Record<K, number>>,
  keys: readonly K[],
  max: number,
  box: { width: number; height: number },
  gap = 0.25,
): Array<Array<StackedBar<K>>> {
  const slot = days.length ? box.width / days.length : 0;
  const width = slot * (1 - gap);
  const top = max > 0 ? max : 1;
  return days.map((day, index) => {
    let bottom = box.height;
    const bars: Array<StackedBar<K>> = [];
    for (const key of keys) {
      const value = Math.max(0, day[key] ?? 0);
      if (!value) continue;
      const height = (value / top) * box.height;
      bottom -= height;
      bars.push({ key, x: index * slot + (slot - width) / 2, y: bottom, width, height });
    }
    return bars;
  });
}

/** "62 %" for a share. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)} %`;
}
