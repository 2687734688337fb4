"use client";
import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { END_OF_DAY } from "@/server/schemas/active-hours";
import { firstErrorUnder } from "./field-errors";
import { describeDays, WEEKDAYS, type ScheduleForm } from "./schedule-form";
import { SettingsSection } from "./settings-section";

/**
 * When the campaign may act: its timezone, active hours and days, and optional start and end.
 * Controlled: `errors` are the save's field errors, keyed like campaigns.update's (`schedule.…`).
 */
export function ScheduleEditor({ form, onChange, errors }: { form: ScheduleForm; onChange: (form: ScheduleForm) => void; errors: Record<string, string> }) {
  // A time input cannot show 24:00: "until midnight" is a checkbox, and unticking it brings back the last time.
  const [lastTo, setLastTo] = useState(form.to === END_OF_DAY ? "19:00" : form.to);
  const untilMidnight = form.to === END_OF_DAY;
  const error = (field: string) => firstErrorUnder(errors, `schedule.${field}`);
  const set = (change: Partial<ScheduleForm>) => onChange({ ...form, ...change });

  return (
    <SettingsSection title="Schedule" description={`Acts ${describeDays(form.days)}, ${form.from}–${form.to} ${form.timezone} time${form.start || form.end ? ", between the dates below" : ""}.`}>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Timezone" htmlFor="schedule-timezone" error={error("timezone")}>
          <TimeZonePicker id="schedule-timezone" value={form.timezone} onChange={(timezone) => set({ timezone })} aria-invalid={Boolean(error("timezone"))} />
        </Field>
        <Field label="Active from" htmlFor="schedule-from" error={error("activeHours.from")}>
          <Input id="schedule-from" type="time" value={form.from} required onChange={(event) => set({ from: event.target.value })} aria-invalid={Boolean(error("activeHours.from"))} />
        </Field>
        <Field label="Active until" htmlFor="schedule-to" error={error("activeHours.to") ?? (!error("activeHours.from") ? error("activeHours") : undefined)}>
          {untilMidnight ? (
            <Input id="schedule-to" type="text" value={END_OF_DAY} disabled aria-invalid={Boolean(error("activeHours.to"))} />
          ) : (
            <Input id="schedule-to" type="time" value={form.to} required onChange={(event) => set({ to: event.target.value })} aria-invalid={Boolean(error("activeHours.to"))} />
          )}
          <label className="flex cursor-pointer items-center gap-1.5 pt-1 text-xs text-slate-600">
            <input
              type="checkbox"
              checked={untilMidnight}
              onChange={(event) => {
                if (event.target.checked && form.to) setLastTo(form.to);
                set({ to: event.target.checked ? END_OF_DAY : lastTo });
              }}
              className="size-4 rounded border-slate-300"
            />
            Until midnight (the end of the day)
          </label>
        </Field>
      </div>

      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-slate-700">Active days</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAYS.map(({ day, short, long }) => {
            const checked = form.days.includes(day);
            return (
              <label
                key={day}
                className={`flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm ring-1 focus-within:ring-2 focus-within:ring-brand-500 ${
                  checked ? "bg-brand-50 text-brand-700 ring-brand-200" : "bg-white text-slate-600 ring-slate-300"
                }`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  aria-label={long}
                  onChange={(event) => set({ days: event.target.checked ? [...form.days, day] : form.days.filter((other) => other !== day) })}
                  className="size-4 rounded border-slate-300"
                />
                <span aria-hidden="true">{short}</span>
              </label>
            );
          })}
        </div>
        {error("activeDays") && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {error("activeDays")}
          </p>
        )}
      </fieldset>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field label="Start (optional)" htmlFor="schedule-start" error={error("startDate")} hint={`${form.timezone} time. Empty: as soon as the campaign is active.`}>
          <Input id="schedule-start" type="datetime-local" value={form.start} onChange={(event) => set({ start: event.target.value })} aria-invalid={Boolean(error("startDate"))} />
        </Field>
        <Field label="End (optional)" htmlFor="schedule-end" error={error("endDate")} hint={`${form.timezone} time. Nothing is sent from then on.`}>
          <Input id="schedule-end" type="datetime-local" value={form.end} onChange={(event) => set({ end: event.target.value })} aria-invalid={Boolean(error("endDate"))} />
        </Field>
      </div>
    </SettingsSection>
  );
}
