// One warmup day of a mailbox on the sandbox warmup network, as a pure function of the mailbox, the
// local date, the share of the day elapsed and the facts a mail filter judges: the tick writes these
// figures as absolute values, so running it twice for the same moment changes nothing, and a
// dashboard watching during the day sees them grow as the day's e-mails go out.
import { warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { stableHash32 } from "../../../domain/sequence/stable-hash";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { placementOdds, type PlacementFacts, type SandboxFolder } from "../../mail/sandbox/placement";
import { mulberry32 } from "../../../lib/seeded-random";

export interface SandboxWarmupDayFigures {
  planned: number;
  sent: number;
  inbox: number;
  spam: number;
  promotions: number;
  received: number;
  opened: number;
  replied: number;
  rescued: number;
}

export interface SandboxWarmupDayInput {
  mailboxId: string;
  /** Mailbox-local date, YYYY-MM-DD. */
  date: string;
  /** The warmup day on that date (1-based). */
  day: number;
  strategy: TWarmupStrategyValues;
  /** Share of the day's sending window elapsed, 0–1 (1 for a past day). */
  elapsed: number;
  /** The sending mailbox's facts; `warmupDays` is ignored (the days before `day` count). */
  facts: Omit<PlacementFacts, "warmupDays">;
}

// The other members of the sandbox network are warm mailboxes on healthy domains: where their mail
// lands in the warming mailbox follows the same filter model.
const NETWORK_SENDER_ODDS = placementOdds({ dns: "ok", warmupDays: 30, bounceRate: 0 });

/** A small seeded generator (mulberry32): one SHA-256 per mailbox and date instead of one per draw. */
const generator = mulberry32;

/** The folder a draw falls in, as placeSandboxEmail reads its draw: spam, then Promotions, then the inbox. */
function folderOf(draw: number, odds: Record<SandboxFolder, number>): SandboxFolder {
  if (draw < odds.spam) return "spam";
  if (draw < odds.spam + odds.promotions) return "promotions";
  return "inbox";
}

/** The moment (share of the day) the i-th of `count` e-mails goes: spread through the day, jittered, in order. */
function moments(count: number, draw: () => number): number[] {
  return Array.from({ length: count }, (_, index) => (index + draw()) / count);
}

function between([min, max]: readonly [number, number] | number[], draw: number): number {
  return (min! + (max! - min!) * draw) / 100;
}

export function sandboxWarmupDayFigures(input: SandboxWarmupDayInput): SandboxWarmupDayFigures {
  const planned = warmupVolumeOnDay(input.strategy, input.day);
  const elapsed = Math.min(1, Math.max(0, input.elapsed));
  const draw = generator(stableHash32(`${input.mailboxId}:${input.date}:sandbox-warmup`));
  // Drawn in a fixed order whatever the elapsed share, so a later tick extends an earlier one.
  const sendAt = moments(planned, draw);
  const landings = sendAt.map(() => draw());
  const receiveAt = moments(planned, draw);
  const received = receiveAt.map(() => ({ landing: draw(), reply: draw() }));
  const rates = { inbox: between(input.strategy.replyInbox, draw()), promotions: between(input.strategy.replyPromotions, draw()), spam: input.strategy.replySpam / 100 };

  const figures: SandboxWarmupDayFigures = { planned, sent: 0, inbox: 0, spam: 0, promotions: 0, received: 0, opened: 0, replied: 0, rescued: 0 };
  // The sandbox's filter model (placement.ts) gives the odds; each e-mail's draw comes from the
  // seeded generator rather than placeSandboxEmail's SHA-256 per e-mail, which was most of a pass's
  // time at 1,000 mailboxes. A change of facts (a domain's DNS fixed) moves the odds, not the draws.
  const odds = placementOdds({ ...input.facts, warmupDays: Math.max(0, input.day - 1) });
  for (let index = 0; index < planned; index++) {
    if (sendAt[index]! > elapsed) break;
    figures.sent += 1;
    figures[folderOf(landings[index]!, odds)] += 1;
  }
  for (let index = 0; index < planned; index++) {
    if (receiveAt[index]! > elapsed) break;
    const { landing, reply } = received[index]!;
    const folder = folderOf(landing, NETWORK_SENDER_ODDS);
    figures.received += 1;
    // Warmup mail is always opened. The strategy's ranges say how much is answered: in the inbox a
    // reply; in spam or Promotions, moved to the inbox (rescued: marked not spam) and answered.
    figures.opened += 1;
    if (reply >= rates[folder]) continue;
    figures.replied += 1;
    if (folder !== "inbox") figures.rescued += 1;
  }
  return figures;
}

/** Share of the sending window [from, to) elapsed at `at`, 0–1. */
export function elapsedShare(at: number, from: number, to: number): number {
  if (to <= from) return at >= to ? 1 : 0;
  return Math.min(1, Math.max(0, (at - from) / (to - from)));
}
