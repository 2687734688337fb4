"use client";
// The home: the outcomes of the workspace's campaigns for a period, beside the period before; over
// time; broken down by campaign, sender, mailbox, step and variant, each number opening its leads.
// The view (period, filters, breakdown) lives in the address.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { GettingStartedChecklist } from "@/components/getting-started/getting-started-checklist";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/components/ui/trpc-error";
import { periodWords } from "./analytics-format";
import { analyticsHref, DEFAULT_VIEW, filterOf, viewFromParams, type AnalyticsView } from "./analytics-params";
import { AnalyticsCharts } from "./analytics-charts";
import { AnalyticsFilters } from "./analytics-filters";
import { BreakdownCard } from "./breakdown-table";
import { ExportButton } from "./export-button";
import { KpiCards, KpiSkeleton } from "./kpi-cards";
import { PeriodControl } from "./period-control";

export function AnalyticsPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const view = viewFromParams(useSearchParams());
  const overview = useQuery({ ...trpc.analytics.overview.queryOptions(filterOf(view)), placeholderData: keepPreviousData });
  // Each change is a step in the browser's history, so that Back returns to the view before.
  const change = (changes: Partial<AnalyticsView>) => router.push(analyticsHref({ ...view, ...changes }), { scroll: false });
  const filtered = Boolean(view.campaignId || view.senderId || view.mailboxId);
  const data = overview.data;
  return (
    <>
      <PageHeader
        title="Analytics"
        description="What your campaigns brought: leads contacted, replies, interest and outcomes, against the period before."
        // The file is named for its period: none while a new period's figures are on their way.
        actions={<ExportButton view={view} period={overview.isPlaceholderData ? undefined : data?.period} />}
      />
      <GettingStartedChecklist />
      <div className="mb-6 space-y-4">
        <PeriodControl view={view} period={data?.period} onChange={change} />
        <AnalyticsFilters view={view} onChange={change} />
      </div>
      {overview.isPending ? (
        <div role="status" aria-label="Loading the figures">
          <KpiSkeleton />
        </div>
      ) : overview.isError ? (
        <Alert tone="error">The figures could not be loaded: {errorMessage(overview.error)}</Alert>
      ) : data && data.counts.contacted === 0 ? (
        <EmptyState
          title={`No leads were contacted ${periodWords(data.period, view.period === "custom")}${filtered ? " with these filters" : ""}`}
          action={
            <div className="flex flex-wrap justify-center gap-4 text-sm font-medium">
              <Link href="/campaigns" className="text-brand-700 hover:underline">
                Go to Campaigns
              </Link>
              {filtered && (
                <Link href={analyticsHref({ ...DEFAULT_VIEW, period: view.period, from: view.from, to: view.to })} className="text-brand-700 hover:underline">
                  Clear the filters
                </Link>
              )}
            </div>
          }
        >
          The figures count the leads a campaign first wrote to in the period. Activate a campaign, or choose a longer period.
        </EmptyState>
      ) : data ? (
        <div className="space-y-6" aria-busy={overview.isFetching}>
          <div className="space-y-2">
            <KpiCards overview={data} view={view} />
            <p className="text-xs text-slate-500" data-testid="analytics-counting">
              Leads are counted on the day they were first contacted (UTC), with what they did since; each rate is over the leads it could apply to.
            </p>
          </div>
          <AnalyticsCharts overview={data} />
          <BreakdownCard view={view} onChange={change} />
        </div>
      ) : null}
    </>
  );
}
