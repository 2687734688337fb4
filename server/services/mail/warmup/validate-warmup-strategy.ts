// The warmup strategy PATCH's rules, pure: a preset name and/or custom values and/or holdOverride,
// every problem found at once (one 400 invalid-strategy lists them all in `details.errors`), and the
// strategy that results. The starting-volume lock depends on the warmup's day: the service checks it.
import { WARMUP_PRESET_VALUES, presetStrategy } from "../../../domain/mail/warmup-ramp";
import type { FieldIssue } from "../../../lib/errors";
import { WARMUP_PRESETS, type TWarmupStrategy, type TWarmupStrategyValues } from "../../../schemas/mailbox-health";

const VOLUME_FIELDS = ["startingVolume", "dailyIncrease", "targetVolume"] as const;
const RANGE_FIELDS = ["replyInbox", "replyPromotions"] as const;
const KNOWN_KEYS: ReadonlySet<string> = new Set(["preset", ...VOLUME_FIELDS, ...RANGE_FIELDS, "replySpam", "holdOverride"]);

const VOLUME_NAMES: Record<(typeof VOLUME_FIELDS)[number], string> = {
  startingVolume: "the warmup e-mails sent on day 1",
  dailyIncrease: "how many more warmup e-mails each day",
  targetVolume: "the warmup e-mails a day once warm",
};

export interface ValidatedWarmupChange {
  /** The strategy after the change (the current one when only holdOverride was sent). */
  strategy: TWarmupStrategy;
  /** The change named startingVolume itself (a preset's starting volume is not forced on a running warmup). */
  startingVolumeSent: boolean;
  holdOverride?: boolean;
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value.length > 40 ? "a text" : `"${value}"`;
  if (typeof value === "object") return "an object";
  return String(value);
}

function samePreset(values: TWarmupStrategyValues): TWarmupStrategy["preset"] | null {
  for (const name of WARMUP_PRESETS) {
    const preset = WARMUP_PRESET_VALUES[name];
    if (
      preset.startingVolume === values.startingVolume &&
      preset.dailyIncrease === values.dailyIncrease &&
      preset.targetVolume === values.targetVolume &&
      preset.replyInbox[0] === values.replyInbox[0] &&
      preset.replyInbox[1] === values.replyInbox[1] &&
      preset.replyPromotions[0] === values.replyPromotions[0] &&
      preset.replyPromotions[1] === values.replyPromotions[1] &&
      preset.replySpam === values.replySpam
    ) {
      return name;
    }
  }
  return null;
}

/**
 * Checks a change against the current strategy and the mailbox's highest target. A preset replaces
 * every value; custom values go over it (or over the current strategy). The result is named after
 * the preset its values equal, else `custom`. `keepStartingVolume`: the warmup is past day 1, so a
 * preset switch keeps the starting volume it started with (a sent startingVolume is the caller's 409).
 */
export function validateWarmupChange(
  input: Record<string, unknown>,
  current: TWarmupStrategy,
  limits: { maxTarget: number },
  options: { keepStartingVolume?: boolean } = {},
): { ok: true; change: ValidatedWarmupChange } | { ok: false; errors: FieldIssue[] } {
  const errors: FieldIssue[] = [];
  for (const key of Object.keys(input)) {
    if (!KNOWN_KEYS.has(key)) {
      errors.push({ field: key, message: `is not a warmup setting; the settings are preset, ${[...VOLUME_FIELDS, ...RANGE_FIELDS, "replySpam", "holdOverride"].join(", ")}` });
    }
  }

  let base: TWarmupStrategy = current;
  if (input.preset !== undefined) {
    if (typeof input.preset === "string" && (WARMUP_PRESETS as readonly string[]).includes(input.preset)) {
      base = presetStrategy(input.preset as (typeof WARMUP_PRESETS)[number]);
      if (options.keepStartingVolume) base = { ...base, startingVolume: current.startingVolume };
    } else {
      const custom = input.preset === "custom" ? " (for a custom strategy, send the values themselves)" : "";
      errors.push({ field: "preset", message: `must be conservative, standard or aggressive, not ${describe(input.preset)}${custom}` });
    }
  }

  const { preset: _basePreset, ...baseValues } = base;
  const values: TWarmupStrategyValues = { ...baseValues, replyInbox: [...base.replyInbox], replyPromotions: [...base.replyPromotions] };
  const fieldOf = new Map<string, string>();
  for (const field of VOLUME_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (!isWholeNumber(value) || value < 1) errors.push({ field, message: `must be a whole number of at least 1 (${VOLUME_NAMES[field]}), not ${describe(value)}` });
    // More a day than the highest target changes nothing (the ramp stops at the target), and a huge one does not fit the column.
    else if (field === "dailyIncrease" && value > limits.maxTarget) {
      errors.push({ field, message: `must be at most ${limits.maxTarget} (${VOLUME_NAMES[field]}): the ramp stops at the target anyway, not ${value}` });
    } else {
      values[field] = value;
      fieldOf.set(field, field);
    }
  }
  for (const field of RANGE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const ok = Array.isArray(value) && value.length === 2 && value.every((bound) => isWholeNumber(bound) && bound >= 0 && bound <= 100);
    if (!ok) errors.push({ field, message: `must be a range of two whole percentages from 0 to 100, like [20, 30], not ${describe(value)}` });
    else if (value[0] > value[1]) errors.push({ field, message: `must start with the lower percentage: [${value[1]}, ${value[0]}], not [${value[0]}, ${value[1]}]` });
    else values[field] = [value[0], value[1]];
  }
  if (input.replySpam !== undefined) {
    const value = input.replySpam;
    if (!isWholeNumber(value) || value < 0 || value > 100) errors.push({ field: "replySpam", message: `must be a whole percentage from 0 to 100, not ${describe(value)}` });
    else values.replySpam = value;
  }
  if (input.holdOverride !== undefined && typeof input.holdOverride !== "boolean") {
    errors.push({ field: "holdOverride", message: `must be true or false, not ${describe(input.holdOverride)}` });
  }

  // Rules across values, once each value is valid on its own; the field blamed is the one sent.
  const volumesValid = !errors.some((error) => (VOLUME_FIELDS as readonly string[]).includes(error.field) || error.field === "preset");
  if (volumesValid) {
    const blame = fieldOf.get("targetVolume") ?? fieldOf.get("startingVolume") ?? (input.preset !== undefined ? "preset" : "targetVolume");
    if (values.targetVolume > limits.maxTarget) {
      errors.push({ field: fieldOf.get("targetVolume") ?? blame, message: `must be at most ${limits.maxTarget} warmup e-mails a day for this mailbox, not ${values.targetVolume}` });
    }
    if (values.targetVolume < values.startingVolume) {
      errors.push({ field: blame, message: `the target (${values.targetVolume} a day) must be at least the starting volume (${values.startingVolume} a day)` });
    }
  }
  if (errors.length) return { ok: false, errors };

  const customSent = [...VOLUME_FIELDS, ...RANGE_FIELDS, "replySpam"].some((field) => input[field] !== undefined);
  const named = samePreset(values);
  const preset: TWarmupStrategy["preset"] = named ?? (customSent || options.keepStartingVolume ? "custom" : base.preset);
  return {
    ok: true,
    change: {
      strategy: { preset, ...values },
      startingVolumeSent: input.startingVolume !== undefined,
      ...(typeof input.holdOverride === "boolean" ? { holdOverride: input.holdOverride } : {}),
    },
  };
}
