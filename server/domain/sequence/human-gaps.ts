// Senders act with human-like pauses between actions: a random gap, the same for the same sender
// and action count, so a simulation (the forecast) makes the same choices as the executor.
import { stableFraction } from "./stable-hash";

export const GAP_RANGE_SECONDS: [number, number] = [90, 420];

export function humanGapSeconds(accountId: string, actionNumber: number, range = GAP_RANGE_SECONDS): number {
  const value = stableFraction(`${accountId}:${actionNumber}`);
  return Math.round(range[0] + (range[1] - range[0]) * value);
}
