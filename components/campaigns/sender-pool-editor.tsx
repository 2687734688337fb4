"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { SenderAvatar, SenderBadges, senderName } from "@/components/senders/sender-display";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import type { TSenderAccount } from "@/server/schemas/sender";
import { SettingsSection } from "./settings-section";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { senderRebalanceable } from "@/server/domain/sequence/rebalanceable-sender";
import { plural } from "@/components/ui/plural";

/** Moves the sender's not-yet-contacted leads onto the pool's other available senders. */
function RebalanceButton({ campaignId, sender }: { campaignId: string; sender: TSenderAccount }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rebalance = useMutation(
    trpc.campaigns.rebalance.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaignId }) }),
    }),
  );
  const name = senderName(sender);
  // The same rule as the API's: an active sender that is not paused keeps its leads.
  const allowed = senderRebalanceable(sender);
  const { data } = rebalance;
  const others = data ? `${data.receivers} other available sender${data.receivers === 1 ? "" : "s"}` : "";
  return (
    <div className="flex flex-col items-end gap-1 text-right">
      <Button
        variant="secondary"
        size="sm"
        disabled={!allowed || rebalance.isPending}
        aria-label={`Rebalance the leads of ${name}`}
        title="Move this paused or failed sender's leads that nobody contacted yet to the pool's other available senders"
        onClick={() => rebalance.mutate({ id: campaignId, linkedinAccountId: sender.id })}
      >
        {rebalance.isPending ? "Rebalancing…" : "Rebalance"}
      </Button>
      {!allowed && <p className="max-w-64 text-xs text-slate-500">Active: pause this sender to move its leads.</p>}
      {data && (
        <p role="status" data-testid="rebalance-result" className="max-w-64 text-xs text-slate-600">
          {data.receivers === 0
            ? "Nothing moved: no other sender in the pool is available."
            : data.moved
              ? `Moved ${plural(data.moved, "lead")} onto the pool's ${others}.`
              : `Nothing moved: no lead of this sender awaits a first contact (${others}).`}
        </p>
      )}
      {rebalance.error && (
        <p role="alert" className="max-w-64 text-xs text-red-700">
          {errorMessage(rebalance.error)}
        </p>
      )}
    </div>
  );
}

/**
 * Which of the workspace's senders work this campaign, with a per-sender rebalance. Controlled: the
 * Settings tab and the guided set-up hold the choice and save it with their own button.
 */
export function SenderPoolEditor({ campaign, selected, onChange, error }: { campaign: TCampaign; selected: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const senders = useAllSenders();
  const known = senders.data?.senders ?? [];
  const unknown = campaign.linkedinAccountIds.filter((id) => !known.some((sender) => sender.id === id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((other) => other !== id));

  return (
    <SettingsSection title="Sender pool" description="The LinkedIn senders that work this campaign. Leads are spread across them; each lead keeps its sender once contacted.">
      {senders.isPending ? (
        <p className="text-sm text-slate-500">Loading senders…</p>
      ) : senders.isError ? (
        <Alert tone="error">Senders could not be loaded: {errorMessage(senders.error)}</Alert>
      ) : !known.length && !unknown.length ? (
        <p className="text-sm text-slate-500">
          This workspace has no senders yet.{" "}
          <Link href="/senders" className="font-medium text-brand-700 hover:underline">
            Connect a sender
          </Link>{" "}
          to add it here.
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Senders in the pool</legend>
          <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-describedby={error ? "sender-pool-error" : undefined}>
            {known.map((sender) => {
              const name = senderName(sender);
              const inSavedPool = campaign.linkedinAccountIds.includes(sender.id);
              return (
                <li key={sender.id} data-testid="pool-sender" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                  <label className="flex min-w-0 flex-[1_1_14rem] cursor-pointer items-center gap-3">
                    <input
                      type="checkbox"
                      checked={selected.includes(sender.id)}
                      onChange={(event) => toggle(sender.id, event.target.checked)}
                      aria-label={name}
                      className="size-4 rounded border-slate-300"
                    />
                    <SenderAvatar sender={sender} />
                    <span className="min-w-0 space-y-1">
                      <span className="block font-medium text-slate-900">{name}</span>
                      {sender.headline && <span className="block truncate text-xs text-slate-500">{sender.headline}</span>}
                      <SenderBadges sender={sender} />
                    </span>
                  </label>
                  {inSavedPool && <RebalanceButton campaignId={campaign.id} sender={sender} />}
                </li>
              );
            })}
            {unknown.map((id) => (
              <li key={id} className="flex items-center gap-3 px-4 py-3 text-sm">
                <label className="flex items-center gap-3">
                  <input type="checkbox" checked={selected.includes(id)} onChange={(event) => toggle(id, event.target.checked)} className="size-4 rounded border-slate-300" />
                  <span className="text-slate-500">
                    Sender no longer in the workspace <span className="font-mono text-xs">{id}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {error ? (
            <p id="sender-pool-error" role="alert" className="mt-2 text-xs text-red-600">
              {error}
            </p>
          ) : (
            campaign.status === "active" &&
            !selected.length && <p className="mt-2 text-xs text-amber-800">An active campaign needs at least one sender: pause it before emptying the pool.</p>
          )}
        </fieldset>
      )}
    </SettingsSection>
  );
}
