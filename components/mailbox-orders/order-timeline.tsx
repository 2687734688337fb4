// An order's pipeline as a row of stages (a column on a phone): done, the current one highlighted
// (amber while it is delayed or needs attention), then those still to come.
import { ORDER_STAGES } from "./order-format";

export function OrderTimeline({ stage, attention, finished }: { stage: number; attention: boolean; finished: boolean }) {
  return (
    <ol className="grid gap-2 sm:grid-cols-7 sm:gap-1" aria-label="Progress">
      {ORDER_STAGES.map((label, index) => {
        const done = index < stage || (finished && index === stage);
        const current = index === stage && !finished;
        const tone =
          current && attention ? "bg-amber-500 ring-amber-200 text-white"
          : current ? "bg-brand-600 ring-brand-100 text-white"
          : done ? "bg-emerald-600 ring-emerald-100 text-white"
          : "bg-white ring-slate-200 text-slate-400";
        return (
          <li
            key={label}
            data-testid="order-stage"
            data-state={current ? "current" : done ? "done" : "todo"}
            aria-current={current ? "step" : undefined}
            className="flex items-center gap-2 sm:flex-col sm:items-start sm:gap-1.5"
          >
            <span className="flex w-auto items-center sm:w-full">
              <span className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-4 ${tone}`} aria-hidden="true">
                {done ? "✓" : index + 1}
              </span>
              <span className={`ml-1 hidden h-0.5 flex-1 sm:block ${done ? "bg-emerald-500" : "bg-slate-200"}`} aria-hidden="true" />
            </span>
            <span className={`text-xs leading-tight ${current ? (attention ? "font-semibold text-amber-800" : "font-semibold text-brand-700") : done ? "text-slate-700" : "text-slate-400"}`}>
              {label}
              {current && <span className="sr-only"> (now)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
