"use client";
import { EVENT_DESCRIPTIONS, SUBSCRIBABLE_EVENTS, type EventName } from "@/server/schemas/events";

const GROUPS: Array<{ label: string; prefixes: string[] }> = [
  { label: "LinkedIn messages and connections", prefixes: ["message.", "connection."] },
  { label: "Leads and campaigns", prefixes: ["lead.", "campaign."] },
  { label: "Approvals", prefixes: ["comment.", "voice_note."] },
  { label: "Senders and mailboxes", prefixes: ["account."] },
  { label: "E-mail", prefixes: ["email."] },
];

export function EventPicker({ value, onChange, idPrefix = "event" }: { value: EventName[]; onChange: (events: EventName[]) => void; idPrefix?: string }) {
  const toggle = (event: EventName) => onChange(value.includes(event) ? value.filter((item) => item !== event) : [...value, event]);
  return (
    <fieldset className="space-y-3">
      <legend className="flex w-full items-center justify-between text-sm font-medium text-slate-700">
        <span>Events</span>
        <span className="space-x-3 text-xs font-normal">
          <button type="button" className="text-brand-600 hover:underline" onClick={() => onChange([...SUBSCRIBABLE_EVENTS])}>
            All
          </button>
          <button type="button" className="text-slate-500 hover:underline" onClick={() => onChange([])}>
            None
          </button>
        </span>
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {GROUPS.map((group) => (
          <div key={group.label} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</p>
            {SUBSCRIBABLE_EVENTS.filter((event) => group.prefixes.some((prefix) => event.startsWith(prefix))).map((event) => (
              <label key={event} htmlFor={`${idPrefix}-${event}`} className="flex items-start gap-2 py-0.5 text-sm" title={EVENT_DESCRIPTIONS[event]}>
                <input
                  id={`${idPrefix}-${event}`}
                  type="checkbox"
                  checked={value.includes(event)}
                  onChange={() => toggle(event)}
                  className="mt-0.5 size-4 rounded border-slate-300"
                />
                <span>
                  <code className="text-xs text-slate-800">{event}</code>
                  <span className="block text-xs text-slate-500">{EVENT_DESCRIPTIONS[event]}</span>
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
