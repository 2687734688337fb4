"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { ErasedNotice, ERASED_PARAM } from "@/components/leads/lead-privacy-actions";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, type TabItem } from "@/components/ui/tabs";
import { errorMessage } from "@/components/ui/trpc-error";
import { CampaignForecast } from "../forecast/campaign-forecast";
import { CampaignHeader } from "./campaign-header";
import { CampaignSettings } from "./campaign-settings";
import { ExperimentsPanel } from "./experiments-panel";
import { FunnelPanel } from "./funnel-panel";
import { LeadsPanel } from "../leads/leads-panel";
import { SequenceSummary } from "./sequence-summary";
import { ContinueSetup } from "./setup/continue-setup";
import { GuidedSetup } from "./setup/guided-setup";

type Tab = "leads" | "funnel" | "experiments" | "forecast" | "sequence" | "settings";
const TABS: Array<TabItem<Tab>> = [
  { id: "leads", label: "Leads" },
  { id: "funnel", label: "Funnel" },
  { id: "experiments", label: "Experiments" },
  { id: "forecast", label: "Forecast" },
  { id: "sequence", label: "Sequence" },
  { id: "settings", label: "Settings" },
];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.id === value);
}

/**
 * One campaign: its header and the Leads, Funnel, Experiments, Forecast, Sequence and Settings tabs (the tab is kept
 * in the URL); with ?setup=1, the guided set-up instead.
 */
export function CampaignView({ id }: { id: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "leads";
  const campaign = useQuery({
    ...trpc.campaigns.get.queryOptions({ id }),
    // Counts move while the campaign runs.
    refetchInterval: (query) => (query.state.data?.status === "active" ? 15_000 : false),
  });
  const select = (next: Tab) => router.replace(next === "leads" ? pathname : `${pathname}?tab=${next}`, { scroll: false });

  if (campaign.isPending) return <p className="text-sm text-slate-500">Loading the campaign…</p>;
  if (campaign.isError) {
    if (campaign.error.data?.code === "NOT_FOUND") {
      return (
        <EmptyState
          title="This campaign does not exist"
          action={
            <Link href="/campaigns" className="text-sm font-medium text-brand-700 hover:underline">
              Back to campaigns
            </Link>
          }
        >
          It may have been deleted, or it belongs to another workspace.
        </EmptyState>
      );
    }
    return <Alert tone="error">The campaign could not be loaded: {errorMessage(campaign.error)}</Alert>;
  }
  const data = campaign.data;
  if (searchParams.get("setup") === "1") return <GuidedSetup campaign={data} requested={searchParams.get("step")} />;
  return (
    <>
      <ErasedNotice shown={searchParams.get(ERASED_PARAM) === "1"} />
      <CampaignHeader campaign={data} onOpenSettings={() => select("settings")} />
      <ContinueSetup campaign={data} />
      <Tabs label="Campaign sections" tabs={TABS} selected={tab} onSelect={select}>
        {tab === "leads" && <LeadsPanel campaign={data} />}
        {tab === "funnel" && <FunnelPanel campaign={data} />}
        {tab === "experiments" && <ExperimentsPanel campaign={data} />}
        {tab === "forecast" && <CampaignForecast campaign={data} />}
        {tab === "sequence" && <SequenceSummary campaign={data} />}
        {tab === "settings" && <CampaignSettings campaign={data} />}
      </Tabs>
    </>
  );
}
