"use client";
// The warmup strategy: a preset (each explained, with its numbers) or custom values. The server
// checks the values and names each field it refuses (400 invalid-strategy), shown beside it; the
// starting volume is locked after day 1 (409 starting-volume-locked).
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorCode } from "@/components/ui/trpc-error";
import { WARMUP_PRESETS, type TWarmupResult } from "@/server/schemas/mailbox-health";
import { WARMUP_PRESET_EXPLAINED, WARMUP_PRESET_VALUES, presetStrategy } from "@/server/domain/mail/warmup-ramp";
import { healthErrorText } from "./health-errors";
import { STRATEGY_FIELD_LABELS, formatRange, strategyFieldErrors, strategyNumbers, type StrategyField } from "./health-format";
import { customChanges, draftOf, type Draft } from "./strategy-draft";
import type { StrategyChanges, WarmupControls } from "./use-warmup";

type Choice = (typeof WARMUP_PRESETS)[number] | "custom";

const PRESET_NAMES: Record<Choice, string> = { conservative: "Conservative", standard: "Standard", aggressive: "Aggressive", custom: "Custom" };

function RangeInputs({ id, label, hint, error, min, max, onMin, onMax }: { id: string; label: string; hint: string; error?: string; min: string; max: string; onMin: (value: string) => void; onMax: (value: string) => void }) {
  return (
    <Field label={label} htmlFor={`${id}-min`} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <Input id={`${id}-min`} inputMode="numeric" aria-label={`${label}, from (percent)`} aria-invalid={Boolean(error)} value={min} onChange={(event) => onMin(event.target.value)} />
        <span className="text-sm text-slate-500">to</span>
        <Input id={`${id}-max`} inputMode="numeric" aria-label={`${label}, up to (percent)`} aria-invalid={Boolean(error)} value={max} onChange={(event) => onMax(event.target.value)} />
        <span className="text-sm text-slate-500">%</span>
      </div>
    </Field>
  );
}

export function WarmupStrategyForm({
  mailboxId,
  result,
  controls,
  onUnsavedChange,
}: {
  mailboxId: string;
  result: TWarmupResult;
  controls: WarmupControls;
  /** The changes the form holds and has not saved (null when none), for the card's Start button. */
  onUnsavedChange?: (changes: StrategyChanges | null) => void;
}) {
  const { warmup, limits } = result;
  const strategy = warmup.strategy;
  const [choice, setChoice] = useState<Choice>(strategy.preset);
  const [draft, setDraft] = useState<Draft>(() => draftOf(strategy));
  const [saved, setSaved] = useState(false);
  const update = controls.update;
  const code = errorCode(update.error);
  const errors: Partial<Record<StrategyField | "other", string>> =
    code === "invalid-strategy" ? strategyFieldErrors(update.error) : code === "starting-volume-locked" ? { startingVolume: healthErrorText(update.error) } : {};
  const otherError = update.error && code !== "invalid-strategy" && code !== "starting-volume-locked" ? healthErrorText(update.error) : (errors.other ?? errors.preset ?? null);
  const startLocked = warmup.day > 1;
  const set = (key: keyof Draft) => (value: string) => {
    setSaved(false);
    update.reset();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const changes = choice === "custom" ? customChanges(draft, strategy) : choice !== strategy.preset ? { preset: choice } : {};
  const unsaved = Object.keys(changes).length ? JSON.stringify(changes) : null;
  useEffect(() => {
    onUnsavedChange?.(unsaved ? (JSON.parse(unsaved) as StrategyChanges) : null);
  }, [unsaved, onUnsavedChange]);
  const save = () =>
    update.mutate(
      { id: mailboxId, changes },
      {
        onSuccess: (next) => {
          setSaved(true);
          setDraft(draftOf(next.warmup.strategy));
          setChoice(next.warmup.strategy.preset);
        },
      },
    );
  return (
    <form
      className="space-y-4 border-t border-slate-200 pt-4"
      aria-label="Warmup strategy"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div>
        <h3 className="text-sm font-medium text-slate-900">Strategy</h3>
        <p className="text-xs text-slate-500">How many warmup e-mails a day, how fast that grows, and how many get replies or are rescued from spam.</p>
      </div>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Preset</legend>
        {([...WARMUP_PRESETS, "custom"] as const).map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer gap-2 rounded-md p-3 text-sm ring-1 ${choice === option ? "bg-brand-50 ring-brand-500" : "ring-slate-200 hover:bg-slate-50"}`}
          >
            <input
              type="radio"
              name="warmup-preset"
              value={option}
              checked={choice === option}
              onChange={() => {
                setSaved(false);
                update.reset();
                setChoice(option);
                if (option !== "custom") setDraft(draftOf(presetStrategy(option)));
              }}
              className="mt-0.5"
            />
            <span className="min-w-0 space-y-1">
              <span className="block font-medium text-slate-900">{PRESET_NAMES[option]}</span>
              {option === "custom" ? (
                <span className="block text-xs text-slate-600">Your own numbers, within this mailbox&apos;s limit of {limits.maxTarget} e-mails a day.</span>
              ) : (
                <>
                  <span className="block text-xs text-slate-600">{WARMUP_PRESET_EXPLAINED[option]}</span>
                  <span className="block text-xs text-slate-500">
                    Replies to {formatRange(WARMUP_PRESET_VALUES[option].replyInbox)} of inbox e-mails, {formatRange(WARMUP_PRESET_VALUES[option].replyPromotions)} rescued from Promotions, {WARMUP_PRESET_VALUES[option].replySpam} % from spam.
                  </span>
                </>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {choice === "custom" && (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={STRATEGY_FIELD_LABELS.startingVolume} htmlFor="warmup-starting-volume" error={errors.startingVolume} hint={startLocked ? "Only day 1 uses it: it can no longer change." : "At least 1."}>
            <Input id="warmup-starting-volume" inputMode="numeric" disabled={startLocked} aria-invalid={Boolean(errors.startingVolume)} value={draft.startingVolume} onChange={(event) => set("startingVolume")(event.target.value)} />
          </Field>
          <Field label={STRATEGY_FIELD_LABELS.dailyIncrease} htmlFor="warmup-daily-increase" error={errors.dailyIncrease} hint="At least 1.">
            <Input id="warmup-daily-increase" inputMode="numeric" aria-invalid={Boolean(errors.dailyIncrease)} value={draft.dailyIncrease} onChange={(event) => set("dailyIncrease")(event.target.value)} />
          </Field>
          <Field label={STRATEGY_FIELD_LABELS.targetVolume} htmlFor="warmup-target-volume" error={errors.targetVolume} hint={`At most ${limits.maxTarget}.`}>
            <Input id="warmup-target-volume" inputMode="numeric" aria-invalid={Boolean(errors.targetVolume)} value={draft.targetVolume} onChange={(event) => set("targetVolume")(event.target.value)} />
          </Field>
          <RangeInputs id="warmup-reply-inbox" label={STRATEGY_FIELD_LABELS.replyInbox} hint="Share of warmup e-mails in the inbox that get a reply." error={errors.replyInbox} min={draft.replyInboxMin} max={draft.replyInboxMax} onMin={set("replyInboxMin")} onMax={set("replyInboxMax")} />
          <RangeInputs id="warmup-reply-promotions" label={STRATEGY_FIELD_LABELS.replyPromotions} hint="Moved to the inbox and replied to." error={errors.replyPromotions} min={draft.replyPromotionsMin} max={draft.replyPromotionsMax} onMin={set("replyPromotionsMin")} onMax={set("replyPromotionsMax")} />
          <Field label={STRATEGY_FIELD_LABELS.replySpam} htmlFor="warmup-reply-spam" error={errors.replySpam} hint="Percent marked not spam and replied to.">
            <Input id="warmup-reply-spam" inputMode="numeric" aria-invalid={Boolean(errors.replySpam)} value={draft.replySpam} onChange={(event) => set("replySpam")(event.target.value)} />
          </Field>
        </div>
      )}
      <p className="text-xs text-slate-500" data-testid="warmup-strategy-summary">
        Now: {PRESET_NAMES[strategy.preset]}, {strategyNumbers(strategy)}.
      </p>
      {otherError && <Alert tone="error">{otherError}</Alert>}
      {!warmup.strategyApplied && (
        <p className="text-xs text-amber-800" data-testid="warmup-strategy-pending">
          Saved — applies when warmup starts.
        </p>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={update.isPending || Object.keys(changes).length === 0}>
          {update.isPending ? "Saving…" : "Save strategy"}
        </Button>
        {saved && !update.error && warmup.strategyApplied && (
          <span className="text-xs text-emerald-700" role="status">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}
