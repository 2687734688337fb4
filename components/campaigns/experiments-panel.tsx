"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import type { TCampaignExperiments, TExperimentStep } from "@/server/schemas/campaign-experiments";
import { intervalBar, ratePercent, scaleTop } from "./experiment-bars";

const METRIC_WORDS: Record<TExperimentStep["metric"], { success: string; rate: string }> = {
  acceptance: { success: "accepted", rate: "Acceptance rate" },
  reply: { success: "replied", rate: "Reply rate" },
};

const VERDICT_TONE: Record<TExperimentStep["verdict"]["kind"], "green" | "amber" | "slate"> = { winner: "green", "too-early": "amber", "no-data": "slate", "no-difference": "slate" };

function VariantRow({ variant, top, metric }: { variant: TExperimentStep["variants"][number]; top: number; metric: TExperimentStep["metric"] }) {
  const bar = intervalBar(variant, top);
  const words = METRIC_WORDS[metric];
  return (
    <li data-testid={`experiment-variant-${variant.label}`} className="grid grid-cols-[2.5rem_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[2.5rem_1fr_13rem]">
      <span className="row-span-2 pt-0.5 font-semibold text-slate-900 sm:row-span-1">{variant.label}</span>
      <div
        className="relative h-6 rounded bg-slate-100"
        role="img"
        aria-label={`${variant.label}: ${ratePercent(variant.rate)}, 95% interval ${ratePercent(variant.interval.low)} to ${ratePercent(variant.interval.high)}`}
      >
        <div className="absolute inset-y-1 rounded bg-brand-200" style={{ left: `${bar.left}%`, width: `${Math.max(bar.width, 0.5)}%` }} />
        <div className="absolute inset-y-0 w-0.5 bg-brand-700" style={{ left: `${bar.marker}%` }} />
      </div>
      <div className="space-y-0.5 sm:text-right">
        <p className="tabular-nums">
          <span className="font-semibold text-slate-900">{ratePercent(variant.rate)}</span>{" "}
          <span className="text-slate-500">
            ({ratePercent(variant.interval.low)}–{ratePercent(variant.interval.high)})
          </span>
        </p>
        <p className="text-xs text-slate-500 tabular-nums">
          {variant.successes} {words.success} of {plural(variant.reached, "lead")} · {Math.round(variant.probabilityBest * 100)}% chance to be best
        </p>
        {variant.promoted && <Badge tone="green">Promoted: new leads get {variant.label}</Badge>}
      </div>
    </li>
  );
}

function StepExperiment({ step }: { step: TExperimentStep }) {
  const top = scaleTop(step.variants);
  return (
    <Card title={step.label} description={`${METRIC_WORDS[step.metric].rate} per variant, with its 95% interval (the shaded band; the line is the rate so far).`}>
      <div className="space-y-4">
        <p data-testid="experiment-verdict" className="flex flex-wrap items-start gap-2 text-sm text-slate-800">
          <Badge tone={VERDICT_TONE[step.verdict.kind]}>{step.verdict.kind === "winner" ? "Verdict" : step.verdict.kind === "too-early" ? "Too early" : "So far"}</Badge>
          <span className="min-w-0 flex-1">{step.verdict.text}</span>
        </p>
        <ol className="space-y-3" aria-label={`Variants of ${step.label}`}>
          {step.variants.map((variant) => (
            <VariantRow key={variant.variantId} variant={variant} top={top} metric={step.metric} />
          ))}
        </ol>
        <p className="text-xs text-slate-500">
          Scale 0–{ratePercent(top)}. Detecting a 5-point difference takes about {plural(step.verdict.neededPerVariant, "lead")} per variant
          {step.verdict.morePerVariant > 0 ? `; about ${step.verdict.morePerVariant} more each to go.` : "; every variant has them."}
        </p>
      </div>
    </Card>
  );
}

function History({ history, settings }: Pick<TCampaignExperiments, "history" | "settings">) {
  const promotion = settings.autoPromote
    ? `Auto-promotion is on: a variant with at least ${Math.round(settings.threshold * 1000) / 10}% chance to be best, once every variant has ${plural(settings.minLeadsPerVariant, "lead")}, gets every new lead.`
    : "Auto-promotion is off (Settings → A/B experiments): variants keep sharing new leads evenly.";
  return (
    <Card title="History" description={promotion}>
      {history.length ? (
        <ol className="space-y-2 text-sm" aria-label="Campaign history">
          {history.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <time dateTime={entry.at} className="shrink-0 text-xs text-slate-500 sm:w-40 sm:pt-0.5">
                {formatDateTime(entry.at)}
              </time>
              <span className="text-slate-800">{entry.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">Nothing yet: a promoted variant is recorded here.</p>
      )}
    </Card>
  );
}

/** The campaign's A/B tests: per step with variants, each variant's rate and interval, its chance to be best, and a verdict in words. */
export function ExperimentsPanel({ campaign }: { campaign: TCampaign }) {
  const trpc = useTRPC();
  const experiments = useQuery({ ...trpc.campaigns.experiments.queryOptions({ id: campaign.id }), refetchInterval: campaign.status === "active" ? 30_000 : false });
  if (experiments.isPending) return <p className="text-sm text-slate-500">Loading the experiments…</p>;
  if (experiments.isError) return <Alert tone="error">The experiments could not be loaded: {errorMessage(experiments.error)}</Alert>;
  const { steps, history, settings } = experiments.data;
  if (!steps.length) {
    return (
      <EmptyState title="Add a variant to a step to test two versions">
        In the sequence, give a message, an e-mail or an invitation a second variant: leads are split between them, and this page says which one works better once the numbers can tell.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {steps.map((step) => (
        <StepExperiment key={step.stepId} step={step} />
      ))}
      <History history={history} settings={settings} />
    </div>
  );
}
