"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { senderName } from "@/components/senders/sender-display";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { ForecastPanel } from "./forecast-panel";
import { readSteps, stepNames } from "../campaigns/sequence-outline";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { useRecordForecastOpened } from "@/components/getting-started/use-record-forecast-opened";

const HORIZONS = [14, 30, 45, 90, 120];

/** The Forecast tab: campaigns.forecast over a chosen horizon, shown by the forecast panel. */
export function CampaignForecast({ campaign }: { campaign: TCampaign }) {
  const trpc = useTRPC();
  const [days, setDays] = useState(45);
  const forecast = useQuery({
    ...trpc.campaigns.forecast.queryOptions({ id: campaign.id, days }),
    placeholderData: keepPreviousData,
    // A simulation is not free: recompute on demand or when the campaign changes, not on a timer.
    staleTime: 60_000,
  });
  const senders = useAllSenders();
  // A hundred mailboxes is the list's page; a mailbox beyond it shows by its id.
  const mailboxes = useQuery({ ...trpc.mailboxes.list.queryOptions({ limit: 100, offset: 0 }), enabled: campaign.emailAccountIds.length > 0 });
  const mailboxNames = useMemo(() => new Map((mailboxes.data?.mailboxes ?? []).map((mailbox) => [mailbox.id, mailbox.label || mailbox.email])), [mailboxes.data]);
  const steps = useMemo(() => stepNames(readSteps(campaign.sequence.steps)), [campaign.sequence.steps]);
  const names = useMemo(() => new Map((senders.data?.senders ?? []).map((sender) => [sender.id, senderName(sender)])), [senders.data]);
  const forecastable = (campaign.linkedinAccountIds.length > 0 || campaign.emailAccountIds.length > 0) && campaign.sequence.steps.length > 0 && campaign.stats.total > 0;
  useRecordForecastOpened(forecastable && forecast.isSuccess);

  if (!forecastable) {
    return (
      <EmptyState title="Nothing to forecast yet">
        A forecast needs senders or mailboxes in the pools, a sequence and leads. It then shows when the campaign should finish, the actions per day
        of each sender and mailbox and when each lead is reached.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor="forecast-days" className="text-sm font-medium whitespace-nowrap text-slate-700">
            Look ahead
          </label>
          <Select id="forecast-days" value={days} className="w-auto" onChange={(event) => setDays(Number(event.target.value))}>
            {HORIZONS.map((value) => (
              <option key={value} value={value}>
                {value} days
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" size="sm" disabled={forecast.isFetching} onClick={() => void forecast.refetch()}>
          {forecast.isFetching ? "Calculating…" : "Recalculate"}
        </Button>
      </div>
      {forecast.isPending ? (
        <p className="text-sm text-slate-500">Simulating the campaign…</p>
      ) : forecast.isError ? (
        <Alert tone="error">The forecast could not be made: {errorMessage(forecast.error)}</Alert>
      ) : (
        <div className={forecast.isPlaceholderData ? "opacity-60" : ""} aria-busy={forecast.isFetching}>
          <ForecastPanel forecast={forecast.data} senderNames={names} mailboxNames={mailboxNames} stepNames={steps} />
        </div>
      )}
    </div>
  );
}
