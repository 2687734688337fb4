import Link from "next/link";
import { SETUP_STEPS, setupHref, stepIndex, stepPosition, type SetupStepId } from "./setup-steps";

/**
 * Where the set-up stands: every step with whether it is done, each a link to it. On a phone the row
 * of six would not fit: it collapses to "Step 3 of 6: Senders & mailboxes" and a bar of the steps done.
 */
export function SetupStepper({ campaignId, current, done }: { campaignId: string; current: SetupStepId; done: Record<SetupStepId, boolean> }) {
  const doneCount = SETUP_STEPS.filter((step) => done[step.id]).length;
  return (
    <nav aria-label="Set-up steps" className="mb-6">
      <div className="md:hidden" data-testid="setup-position">
        <p className="text-sm font-semibold text-slate-900">{stepPosition(current)}</p>
        <p className="text-xs text-slate-500">
          {doneCount} of {SETUP_STEPS.length} done
        </p>
        <div className="mt-2 flex gap-1" aria-hidden="true">
          {SETUP_STEPS.map((step) => (
            <span key={step.id} className={`h-1.5 flex-1 rounded-full ${step.id === current ? "bg-brand-600" : done[step.id] ? "bg-brand-500/40" : "bg-slate-200"}`} />
          ))}
        </div>
      </div>
      <ol className="hidden gap-2 md:flex">
        {SETUP_STEPS.map((step) => {
          const isCurrent = step.id === current;
          return (
            <li key={step.id} className="min-w-0 flex-1">
              <Link
                href={setupHref(campaignId, step.id)}
                aria-current={isCurrent ? "step" : undefined}
                aria-label={`${step.label}, ${done[step.id] ? "done" : "not done yet"}`}
                data-testid="setup-step"
                data-done={done[step.id] ? "true" : "false"}
                className={`flex h-full items-center gap-2 rounded-md border-t-4 px-2 pt-2 pb-1 text-sm ${
                  isCurrent ? "border-brand-600 font-semibold text-slate-900" : done[step.id] ? "border-brand-500/40 text-slate-700 hover:text-slate-900" : "border-slate-200 text-slate-500 hover:text-slate-800"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${done[step.id] ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600"}`}
                >
                  {done[step.id] ? "✓" : stepIndex(step.id) + 1}
                </span>
                <span className="min-w-0">{step.label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
