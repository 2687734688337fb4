import Link from "next/link";
import { Button } from "@/components/ui/button";
import { neighbours, setupHref, stepLabel, type SetupStepId } from "./setup-steps";

const linkButton = "inline-flex items-center justify-center rounded-md px-3.5 py-2 text-sm font-medium";

/**
 * The foot of a set-up step: Back, "Skip for now" while the step is not done, and Next. A step
 * with something to save gives `onNext` or `submit` (Next saves, then moves on); the others move on by link.
 */
export function StepNav({
  campaignId,
  step,
  done,
  onNext,
  submit = false,
  nextLabel,
  busy = false,
}: {
  campaignId: string;
  step: SetupStepId;
  done: boolean;
  onNext?: () => void;
  /** Next submits the form the nav sits in. */
  submit?: boolean;
  nextLabel?: string;
  busy?: boolean;
}) {
  const { previous, next } = neighbours(step);
  const label = nextLabel ?? (next ? `Next: ${stepLabel(next)}` : "Next");
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      {previous ? (
        <Link href={setupHref(campaignId, previous)} className={`${linkButton} text-slate-700 hover:bg-slate-100`}>
          ← Back
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          {!done && (
            <Link href={setupHref(campaignId, next)} className={`${linkButton} text-slate-700 hover:bg-slate-100`}>
              Skip for now
            </Link>
          )}
          {onNext || submit ? (
            <Button type={submit ? "submit" : "button"} onClick={onNext} disabled={busy}>
              {busy ? "Saving…" : label}
            </Button>
          ) : (
            <Link href={setupHref(campaignId, next)} className={`${linkButton} bg-brand-600 text-white shadow-xs hover:bg-brand-700`}>
              {label}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
