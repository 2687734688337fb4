"use client";
import { useState, type FormEvent } from "react";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { campaignFieldErrors } from "./field-errors";
import { SaveBar } from "./save-bar";
import { useCampaignUpdate } from "./use-campaign-update";

const textareaClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-red-500";

/** An example line: {{unsubscribe}} marks where the link goes (the sending side's rule, unsubscribe-parts.ts). */
const EXAMPLE_LINE = "Not the right person? {{unsubscribe}}";
const UNSUBSCRIBE_MAX = 500;

interface Values {
  opens: boolean;
  clicks: boolean;
  unsubscribe: boolean;
  text: string;
}

function valuesOf(campaign: TCampaign): Values {
  return { opens: campaign.tracking.opens === "on", clicks: campaign.tracking.clicks === "on", unsubscribe: campaign.unsubscribe.enabled, text: campaign.unsubscribe.text };
}

/** The campaign's e-mails: open and click tracking, and the unsubscribe line under each e-mail. */
export function EmailDeliverySettings({ campaign }: { campaign: TCampaign }) {
  const [values, setValues] = useState<Values>(() => valuesOf(campaign));
  const saved = valuesOf(campaign);
  const update = useCampaignUpdate(campaign.id);
  const errors = campaignFieldErrors(update.error);
  const textError = errors["unsubscribe.text"] ?? (values.text.length > UNSUBSCRIBE_MAX ? `must be at most ${UNSUBSCRIBE_MAX} characters` : undefined);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const change = (patch: Partial<Values>) => {
    update.reset();
    setValues((current) => ({ ...current, ...patch }));
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (textError) return;
    update.mutate({
      id: campaign.id,
      changes: {
        tracking: { opens: values.opens ? "on" : "off", clicks: values.clicks ? "on" : "off" },
        unsubscribe: { enabled: values.unsubscribe, text: values.text.trim() },
      },
    });
  }
  const checkbox = "mt-0.5 size-4 shrink-0 rounded border-slate-300";
  return (
    <Card title="E-mail tracking and unsubscribe" description="Applies to every e-mail step of this campaign.">
      <form onSubmit={onSubmit} noValidate aria-label="E-mail tracking and unsubscribe" className="space-y-4">
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
              htmlFor={`unsubscribe-text-${campaign.id}`}
              error={textError}
              hint={
                <>
                  Put <code className="font-mono">{"{{unsubscribe}}"}</code> where the link goes; without it the whole line is the link. Empty: a link
                  reading “Unsubscribe”.
                </>
              }
            >
              <textarea
                id={`unsubscribe-text-${campaign.id}`}
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
        <SaveBar
          dirty={dirty}
          saving={update.isPending}
          saved={update.isSuccess}
          error={update.error && !errors["unsubscribe.text"] ? errorMessage(update.error) : null}
          label="Save e-mail settings"
          onReset={() => {
            update.reset();
            setValues(saved);
          }}
        />
      </form>
    </Card>
  );
}
