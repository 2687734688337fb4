"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { SenderAvatar, SenderBadges, senderName } from "@/components/senders/sender-display";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import type { TSenderAccount } from "@/server/schemas/sender";
import { campaignFieldErrors, firstErrorUnder } from "./field-errors";
import { SaveBar } from "./save-bar";
import { useCampaignUpdate } from "./use-campaign-update";
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

/** Which of the workspace's senders work this campaign, with a per-sender rebalance. */
export function SenderPoolEditor({ campaign }: { campaign: TCampaign }) {
  const senders = useAllSenders();
  const [selected, setSelected] = useState<string[]>(campaign.linkedinAccountIds);
  const update = useCampaignUpdate(campaign.id);
  const errors = campaignFieldErrors(update.error);
  const poolError = firstErrorUnder(errors, "linkedinAccountIds");
  const dirty = [...selected].sort().join() !== [...campaign.linkedinAccountIds].sort().join();
  const known = senders.data?.senders ?? [];
  const unknown = campaign.linkedinAccountIds.filter((id) => !known.some((sender) => sender.id === id));

  function toggle(id: string, on: boolean) {
    update.reset();
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Keep the pool's order for senders that stay; new ones go last.
    const order = [...campaign.linkedinAccountIds.filter((id) => selected.includes(id)), ...selected.filter((id) => !campaign.linkedinAccountIds.includes(id))];
    update.mutate({ id: campaign.id, changes: { linkedinAccountIds: order } });
  }

  return (
    <Card title="Sender pool" description="The LinkedIn senders that work this campaign. Leads are spread across them; each lead keeps its sender once contacted.">
      <form onSubmit={onSubmit} noValidate aria-label="Sender pool">
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
            <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-describedby={poolError ? "sender-pool-error" : undefined}>
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
            {poolError ? (
              <p id="sender-pool-error" role="alert" className="mt-2 text-xs text-red-600">
                {poolError}
              </p>
            ) : (
              campaign.status === "active" &&
              !selected.length && <p className="mt-2 text-xs text-amber-800">An active campaign needs at least one sender: pause it before emptying the pool.</p>
            )}
          </fieldset>
        )}
        <SaveBar
          dirty={dirty}
          saving={update.isPending}
          saved={update.isSuccess}
          error={update.error && !poolError ? errorMessage(update.error) : null}
          label="Save sender pool"
          onReset={() => {
            update.reset();
            setSelected(campaign.linkedinAccountIds);
          }}
        />
      </form>
    </Card>
  );
}
