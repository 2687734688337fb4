import { formatDateTime, formatRelative } from "@/components/ui/format";
import { MessageText } from "@/components/ui/message-text";
import type { TTimelineEvent } from "@/server/schemas/lead-timeline";

const DOT: Record<TTimelineEvent["tone"], string> = {
  neutral: "bg-slate-400",
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  error: "bg-red-500",
};

/** Every action and event of a lead, oldest first, each with its time. */
export function LeadTimelineList({ events, now }: { events: TTimelineEvent[]; now: number }) {
  return (
    <ol className="space-y-4" aria-label="Timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} data-testid="timeline-event" className="relative flex gap-3">
          <span aria-hidden className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[event.tone]}`} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className={`text-sm font-medium ${event.tone === "error" ? "text-red-800" : "text-slate-900"}`}>{event.title}</p>
              <time dateTime={event.at} title={formatDateTime(event.at)} className="text-xs text-slate-500">
                {formatDateTime(event.at)} · {formatRelative(event.at, now)}
              </time>
            </div>
            {event.detail && <p className="text-xs break-words text-slate-600">{event.detail}</p>}
            {event.text && (
              <blockquote className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
                <MessageText text={event.text} />
              </blockquote>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
