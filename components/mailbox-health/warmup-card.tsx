"use client";
// Warmup's state: where it is on its ramp, its health from where warmup mail lands, the campaign
// hold (and the switch that lifts it), today's campaign cap, and Start / Stop / Resume.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/components/ui/format";
import type { TWarmupResult } from "@/server/schemas/mailbox-health";
import { healthErrorText } from "./health-errors";
import { WARMUP_HEALTH_BADGE, WARMUP_STATUS_BADGE } from "./health-format";
import type { StrategyChanges, WarmupControls } from "./use-warmup";
import { WarmupStrategyForm } from "./warmup-strategy-form";

const HOLD_REASON = {
  warming: "it is still warming up: new mailboxes that send campaigns at once land in spam",
  "poor-health": "too much of its warmup mail lands in spam: campaign e-mail would too",
} as const;

function StopDialog({ onClose, onConfirm, pending }: { onClose: () => void; onConfirm: () => void; pending: boolean }) {
  return (
    <Dialog title="Stop warmup for good?" onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          Warmup stops for good: the warmup network forgets this mailbox and its progress. Starting again later begins at day 1. To keep its
          progress, leave it running.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep warming
          </Button>
          <Button variant="danger" disabled={pending} onClick={onConfirm}>
            {pending ? "Stopping…" : "Stop for good"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function Progress({ result }: { result: TWarmupResult }) {
  const { warmup } = result;
  const share = warmup.targetVolume ? Math.min(1, warmup.currentVolume / warmup.targetVolume) : 0;
  return (
    <div className="space-y-1.5" data-testid="warmup-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">{warmup.day > 0 ? `Day ${warmup.day}` : "Not started"}</span>
        <span className="text-slate-600 tabular-nums">
          {warmup.currentVolume} of {warmup.targetVolume} warmup e-mails a day
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Warmup volume"
        aria-valuemin={0}
        aria-valuemax={warmup.targetVolume}
        aria-valuenow={warmup.currentVolume}
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

function Hold({ result, controls, mailboxId }: { result: TWarmupResult; controls: WarmupControls; mailboxId: string }) {
  const { warmup, limits } = result;
  const held = warmup.holdUntil !== null && warmup.holdReason !== null;
  const capText =
    limits.campaignCap === 0
      ? "Campaigns send nothing from this mailbox today."
      : warmup.status === "warming" || warmup.status === "paused"
        ? `Campaigns may send up to ${limits.campaignCap} e-mails from it today: no more than warmup sends, so the volume grows with the ramp.`
        : `Campaigns may send up to ${limits.campaignCap} e-mails from it today (its daily limit).`;
  return (
    <div className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="warmup-hold">
      {held && (
        <p className="text-sm text-slate-700">
          {warmup.holdOverride ? "Warmup would hold campaigns" : "Campaigns wait"} until {formatDateTime(warmup.holdUntil)} because {HOLD_REASON[warmup.holdReason!]}
          {warmup.holdOverride ? "; they send anyway, as you chose below." : "."}
        </p>
      )}
      <p className="text-sm text-slate-700" data-testid="warmup-campaign-cap">
        {capText}
      </p>
      {(held || warmup.holdOverride) && (
        <div className="flex items-start justify-between gap-4">
          <div>
            <p id="hold-override-label" className="text-sm font-medium text-slate-800">
              Send campaigns during warmup
            </p>
            <p id="hold-override-hint" className="text-xs text-slate-500">
              Campaigns send before the wait ends, still no more each day than warmup allows. Risky for a new domain.
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={warmup.holdOverride}
            aria-labelledby="hold-override-label"
            aria-describedby="hold-override-hint"
            disabled={controls.update.isPending}
            onClick={() => controls.update.mutate({ id: mailboxId, changes: { holdOverride: !warmup.holdOverride } })}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none ${
              warmup.holdOverride ? "bg-brand-600" : "bg-slate-300"
            }`}
          >
            <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${warmup.holdOverride ? "translate-x-5" : "translate-x-0.5"}`} />
          </button>
        </div>
      )}
    </div>
  );
}

function Actions({
  result,
  controls,
  mailboxId,
  unsaved,
  onStop,
}: {
  result: TWarmupResult;
  controls: WarmupControls;
  mailboxId: string;
  /** The strategy form's changes not saved yet: Start saves them first, so warmup starts with what the form shows. */
  unsaved: StrategyChanges | null;
  onStop: () => void;
}) {
  const { warmup, available } = result;
  const busy = controls.start.isPending || controls.stop.isPending || controls.resume.isPending || controls.update.isPending;
  if (warmup.status === "pending" || warmup.status === "stopped") {
    const start = () => {
      if (!unsaved) return controls.start.mutate({ id: mailboxId });
      controls.update.mutate({ id: mailboxId, changes: unsaved }, { onSuccess: () => controls.start.mutate({ id: mailboxId }) });
    };
    return (
      <Button size="sm" className="shrink-0" disabled={!available || busy} onClick={start}>
        {controls.start.isPending || controls.update.isPending ? "Starting…" : warmup.status === "stopped" ? "Start again" : "Start warmup"}
      </Button>
    );
  }
  return (
    <div className="flex shrink-0 gap-2">
      {warmup.status === "paused" && (
        <Button size="sm" disabled={!available || busy} onClick={() => controls.resume.mutate({ id: mailboxId })}>
          {controls.resume.isPending ? "Resuming…" : "Resume"}
        </Button>
      )}
      <Button variant="secondary" size="sm" disabled={busy} onClick={onStop}>
        Stop
      </Button>
    </div>
  );
}

export function WarmupCard({ mailboxId, controls }: { mailboxId: string; controls: WarmupControls }) {
  const [stopping, setStopping] = useState(false);
  const [unsaved, setUnsaved] = useState<StrategyChanges | null>(null);
  const result = controls.query.data;
  const actionError = controls.start.error ?? controls.stop.error ?? controls.resume.error;
  if (!result) {
    return (
      <Card title="Warmup">
        {controls.query.error ? (
          <Alert tone="error">{healthErrorText(controls.query.error)}</Alert>
        ) : (
          <p className="text-sm text-slate-500" role="status">
            Loading warmup…
          </p>
        )}
      </Card>
    );
  }
  const { warmup, available } = result;
  const status = WARMUP_STATUS_BADGE[warmup.status];
  const health = WARMUP_HEALTH_BADGE[warmup.health];
  const running = warmup.status === "warming" || warmup.status === "warm" || warmup.status === "paused";
  return (
    <div data-testid="warmup-card">
      <Card
        title="Warmup"
        description="Warmup sends a few e-mails a day between mailboxes that open, reply to and rescue them from spam, so receivers learn to trust this mailbox before campaigns send from it."
        actions={<Actions result={result} controls={controls} mailboxId={mailboxId} unsaved={unsaved} onStop={() => setStopping(true)} />}
      >
        <div className="space-y-4">
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span data-testid="warmup-status" data-status={warmup.status}>
                <Badge tone={status.tone}>{status.label}</Badge>
              </span>
              {warmup.provider === "sandbox" && <Badge>Sandbox network</Badge>}
            </div>
            <p className="text-sm text-slate-700" data-testid="warmup-status-label">
              {warmup.statusLabel}
            </p>
            {warmup.error && <Alert tone="warning">{warmup.error}</Alert>}
            {!available && (
              <p className="text-sm text-amber-800">Warmup cannot run for this mailbox now: it must be connected and able to send.</p>
            )}
          </div>
          {actionError && <Alert tone="error">{healthErrorText(actionError)}</Alert>}
          {running && <Progress result={result} />}
          {running && (
            <div className="space-y-1" data-testid="warmup-health">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-slate-900">Health</span>
                <Badge tone={health.tone}>{health.label}</Badge>
                {warmup.healthScore !== null && <span className="text-sm text-slate-600 tabular-nums">{Math.round(warmup.healthScore)} / 100</span>}
              </div>
              <p className="text-sm text-slate-600">{warmup.healthLabel}</p>
            </div>
          )}
          <Hold result={result} controls={controls} mailboxId={mailboxId} />
          <WarmupStrategyForm mailboxId={mailboxId} result={result} controls={controls} onUnsavedChange={setUnsaved} />
        </div>
        {stopping && (
          <StopDialog
            pending={controls.stop.isPending}
            onClose={() => setStopping(false)}
            onConfirm={() => controls.stop.mutate({ id: mailboxId }, { onSettled: () => setStopping(false) })}
          />
        )}
      </Card>
    </div>
  );
}
