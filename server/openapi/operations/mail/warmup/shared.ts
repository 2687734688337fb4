// The warmup operations' shared text: what the values of the Warmup object mean, the strategy
// rules and the campaign hold. The spec leaves these value sets open ("not shown"): Herald's are
// documented here, once, from the same constants the code uses.
import { DEFAULT_WARMUP_HOLD_DAYS, HEALTH_MIN_EMAILS, WARMUP_PRESET_EXPLAINED, WARMUP_PRESET_VALUES } from "../../../../domain/mail/warmup-ramp";
import { PROVIDER_WARMUP_CEILING } from "../../../../services/mail/warmup/warmup-limits";

function presetLine(name: keyof typeof WARMUP_PRESET_VALUES): string {
  const values = WARMUP_PRESET_VALUES[name];
  return `- \`${name}\`: startingVolume ${values.startingVolume}, dailyIncrease ${values.dailyIncrease}, targetVolume ${values.targetVolume}, replyInbox [${values.replyInbox.join(", ")}], replyPromotions [${values.replyPromotions.join(", ")}], replySpam ${values.replySpam}. ${WARMUP_PRESET_EXPLAINED[name]}`;
}

export const WARMUP_VALUES_TEXT = [
  "**Statuses** (`warmup.status`): `pending` (never started; a strategy may be stored), `warming` (ramping up, one warmup day per day of the mailbox's timezone), `warm` (at its target, keeps going), `paused` (held by a problem, `error` says which; resume continues at the same day), `stopped` (for good, cancelled at the network; start begins again at day 1).",
  "**Hold** (`holdUntil`, `holdReason`): campaigns send nothing from the mailbox until `holdUntil` — `warming` (the first days of warmup, " +
    `${DEFAULT_WARMUP_HOLD_DAYS} by default, the installation's HERALD_WARMUP_HOLD_DAYS) or \`poor-health\` (warmup mail lands in spam too often). ` +
    "`holdOverride: true` lifts the hold, but a warming mailbox still sends no more campaign e-mails a day than its warmup volume that day (the ramp). `limits.campaignCap` is today's figure: 0 while held, the ramp's volume (at most the daily limit) while warming or paused, the daily limit once warm (from the day the ramp reaches its target) or without warmup.",
  `**Health** (from where the last 7 days' warmup e-mails landed): \`excellent\` (inbox rate ≥ 95 %), \`good\` (≥ 85 %), \`fair\` (≥ 70 %), \`poor\` (below 70 %), \`unknown\` (fewer than ${HEALTH_MIN_EMAILS} e-mails yet). \`healthScore\` (0–100) counts Promotions at half; \`healthLabel\` says it in words with what to do.`,
].join("\n\n");

export const WARMUP_STRATEGY_TEXT = [
  "**Presets**:",
  (Object.keys(WARMUP_PRESET_VALUES) as Array<keyof typeof WARMUP_PRESET_VALUES>).map(presetLine).join("\n"),
  "`custom` is shown when the values are not exactly a preset's.",
  `**Limits**: \`limits.tierMax\` is the installation's highest warmup volume (HERALD_WARMUP_MAX_VOLUME); \`limits.maxTarget\` the lower of it and the mailbox provider's ceiling (${Object.entries(PROVIDER_WARMUP_CEILING)
    .map(([provider, ceiling]) => `${provider} ${ceiling}`)
    .join(", ")} a day).`,
].join("\n\n");

export const WARMUP_ERRORS_TEXT =
  "409 `warmup-unavailable` when the mailbox is not connected or the workspace's email channel is off (`available` is false), or the warmup network did not answer (nothing was changed; try again).";
