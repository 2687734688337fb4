"use client";
import { Field } from "@/components/ui/field";
import { SOURCE_NOTICE_SUGGESTION } from "@/server/schemas/privacy";
import type { DeliveryValues } from "./settings-draft";
import { SettingsSection } from "./settings-section";

const textareaClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-red-500";

/** An example line: {{unsubscribe}} marks where the link goes (the sending side's rule, unsubscribe-parts.ts). */
const EXAMPLE_LINE = "Not the right person? {{unsubscribe}}";

/** The campaign's e-mails: open and click tracking, and the unsubscribe line under each e-mail (controlled). */
export function EmailDeliverySettings({
  campaignId,
  values,
  onChange,
  textError,
  noticeError,
}: {
  campaignId: string;
  values: DeliveryValues;
  onChange: (values: DeliveryValues) => void;
  textError?: string;
  noticeError?: string;
}) {
  const change = (patch: Partial<DeliveryValues>) => onChange({ ...values, ...patch });
  const checkbox = "mt-0.5 size-4 shrink-0 rounded border-slate-300";
  return (
    <SettingsSection title="E-mail tracking and unsubscribe" description="Applies to every e-mail step of this campaign.">
      <div className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Tracking</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className={checkbox} checked={values.opens} onChange={(event) => change({ opens: event.target.checked })} />
            <span>
              Track opens
              <span className="block text-xs text-slate-500">A tiny image in each e-mail; the first open fires email.opened. Opens in the first two minutes are ignored (mail scanners).</span>
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className={checkbox} checked={values.clicks} onChange={(event) => change({ clicks: event.target.checked })} />
            <span>
              Track clicks
              <span className="block text-xs text-slate-500">Links pass through this Herald&apos;s address on their way; the first click fires email.clicked.</span>
            </span>
          </label>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Unsubscribe</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className={checkbox} checked={values.unsubscribe} onChange={(event) => change({ unsubscribe: event.target.checked })} />
            <span>
              Add an unsubscribe line
              <span className="block text-xs text-slate-500">
                A line with a link under each e-mail, and one-click unsubscribe headers mail apps show. Unsubscribing stops the lead and every later e-mail
                to that address from this workspace.
              </span>
            </span>
          </label>
          {values.unsubscribe && (
            <Field
              label="Unsubscribe line"
              htmlFor={`unsubscribe-text-${campaignId}`}
              error={textError}
              hint={
                <>
                  Put <code className="font-mono">{"{{unsubscribe}}"}</code> where the link goes; without it the whole line is the link. Empty: a link
                  reading “Unsubscribe”.
                </>
              }
            >
              <textarea
                id={`unsubscribe-text-${campaignId}`}
                rows={2}
                value={values.text}
                placeholder={EXAMPLE_LINE}
                className={textareaClass}
                aria-invalid={textError ? true : undefined}
                onChange={(event) => change({ text: event.target.value })}
              />
            </Field>
          )}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Where their data came from</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className={checkbox}
              checked={values.notice !== ""}
              onChange={(event) => change({ notice: event.target.checked ? SOURCE_NOTICE_SUGGESTION : "" })}
            />
            <span>
              Add a notice to the first e-mail
              <span className="block text-xs text-slate-500">One line at the end of the first e-mail each lead gets from this campaign, telling them where you found their address.</span>
            </span>
          </label>
          {values.notice !== "" && (
            <Field
              label="Notice line"
              htmlFor={`source-notice-${campaignId}`}
              error={noticeError ? `The notice line ${noticeError}.` : undefined}
              hint={
                <>
                  <code className="font-mono">{"{{dataSource}}"}</code> becomes where the lead came from, in their words: “a CSV file (leads.csv)”, “LinkedIn search”,
                  “our company database”, or “our records”. Other placeholders such as <code className="font-mono">{"{{firstName}}"}</code> work too.
                </>
              }
            >
              <textarea
                id={`source-notice-${campaignId}`}
                rows={2}
                value={values.notice}
                placeholder={SOURCE_NOTICE_SUGGESTION}
                className={textareaClass}
                aria-invalid={noticeError ? true : undefined}
                onChange={(event) => change({ notice: event.target.value })}
              />
            </Field>
          )}
        </fieldset>
      </div>
    </SettingsSection>
  );
}
