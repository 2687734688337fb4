"use client";
// Settings → Address verification: how old a stored check may be before Herald checks the address
// again (Workspace.verificationMaxAgeDays, 1–365 days), and the optional catch-all probe
// (Workspace.catchAllProbe, off by default), in words that say where it connects from and as whom.
// Admins and owners only, as every workspace setting.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { useUpdateWorkspaceSettings } from "./use-update-workspace-settings";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

function MaxAgeForm({ saved, canEdit }: { saved: number; canEdit: boolean }) {
  const [days, setDays] = useState(String(saved));
  const { update, done, setDone } = useUpdateWorkspaceSettings((workspace) => setDays(String(workspace.settings.verificationMaxAgeDays)));
  const problem = fieldErrors(update.error).verificationMaxAgeDays;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ verificationMaxAgeDays: days.trim() === "" ? Number.NaN : Number(days) });
  }

  return (
    <form onSubmit={onSubmit} className="max-w-lg space-y-3" aria-label="Address verification" noValidate>
      {done && <Alert tone="success">Saved.</Alert>}
      {update.error && <Alert tone="error">{problem ? `Not saved: the number of days ${problem}.` : errorMessage(update.error)}</Alert>}
      <label htmlFor="verification-max-age" className="block text-sm text-slate-800">
        Check addresses again before the first e-mail when their verification is older than
        <span className="mt-2 flex items-center gap-2">
          <Input
            id="verification-max-age"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            className="w-24"
            value={days}
            disabled={!canEdit}
            aria-invalid={Boolean(problem)}
            onChange={(event) => {
              setDone(false);
              setDays(event.target.value);
            }}
          />
          days
        </span>
      </label>
      {canEdit ? (
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save verification"}
        </Button>
      ) : (
        <p className="text-sm text-slate-500">Only admins and owners can change this.</p>
      )}
    </form>
  );
}

/** The catch-all probe: saved as soon as it is ticked or cleared. */
function CatchAllProbeForm({ saved, canEdit }: { saved: boolean; canEdit: boolean }) {
  const trpc = useTRPC();
  const probeAddress = useQuery(trpc.verification.probeAddress.queryOptions());
  const { update, done, setDone } = useUpdateWorkspaceSettings();
  const from = probeAddress.data?.from ?? "this installation's own address";
  return (
    <div className="mt-6 max-w-lg space-y-3 border-t border-slate-200 pt-4">
      {done && <Alert tone="success">Saved.</Alert>}
      {update.error && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="catchAllProbe"
          checked={update.isPending ? Boolean(update.variables?.catchAllProbe) : saved}
          disabled={!canEdit || update.isPending}
          onChange={(event) => {
            setDone(false);
            update.mutate({ catchAllProbe: event.target.checked });
          }}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300"
        />
        <span>
          <span className="font-medium text-slate-800">Find catch-all domains</span>
          <span className="block break-words text-slate-500">
            Herald connects to each domain&apos;s mail server from this server, as {from}, and asks whether it would accept a made-up
            address; it never uses your mailboxes, so their reputation is not at stake. Some providers may count such checks against
            this server&apos;s address. A domain that accepts any address makes its addresses risky, since none of them can be confirmed.
            No e-mail is sent. Off by default.
          </span>
        </span>
      </label>
    </div>
  );
}

export function VerificationSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const description =
    "Herald checks each address when leads are added (its syntax, its domain's mail servers, throwaway and role addresses, earlier bounces) and keeps the result. A result older than this is checked again; 1 to 365 days.";
  if (current.isPending) return <Card title="Address verification">Loading…</Card>;
  if (current.error) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  const { workspace, role } = current.data;
  return (
    <Card title="Address verification" description={description}>
      <MaxAgeForm saved={workspace.settings.verificationMaxAgeDays} canEdit={role === "owner" || role === "admin"} />
      <CatchAllProbeForm saved={workspace.settings.catchAllProbe} canEdit={role === "owner" || role === "admin"} />
    </Card>
  );
}
