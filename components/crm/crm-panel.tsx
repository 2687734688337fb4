"use client";
// A connected CRM's panel: what syncs (push, pull), the field mapping, deals, exclusions, importing
// a CRM list as leads, and the sync log.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TCrmConnection, TUpdateCrmSettingsInput } from "@/server/schemas/crm";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import { CrmDeals, CrmExclusions } from "./crm-deals-exclusions";
import { CrmFieldMappingEditor } from "./crm-field-mapping";
import { CrmImportList } from "./crm-import-list";
import { CrmSyncLog } from "./crm-sync-log";

/** Saves settings; `onSaved` runs only once the server accepted them. */
export type SaveSettings = (changes: TUpdateCrmSettingsInput, onSaved?: () => void) => void;

export function CrmPanel({ connection, isAdmin }: { connection: TCrmConnection; isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.crm.update.mutationOptions({
      // The saved connection shows at once; the refetch after only confirms it.
      onSuccess: (saved) =>
        queryClient.setQueryData(trpc.crm.integrations.queryKey(), (cards) => cards?.map((card) => (card.connection?.id === saved.id ? { ...card, connection: saved } : card))),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.crm.integrations.queryKey() }),
    }),
  );
  const save: SaveSettings = (changes, onSaved) => update.mutate({ id: connection.id, changes }, { onSuccess: () => onSaved?.() });
  const usable = connection.status === "connected" || connection.status === "error";
  return (
    <Card title={`${connection.label}: ${connection.account.name}`} description="What Herald syncs with this CRM, and what it did.">
      <div className="space-y-8">
        {update.error && <Alert tone="error">{errorMessage(update.error)}</Alert>}
        {!usable && <Alert tone="warning">{connection.lastError ?? `${connection.label} is disconnected: reconnect it above to change these settings.`}</Alert>}
        <section className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">What to sync</h3>
          <Toggle
            label="Push to the CRM"
            hint="Contacted leads become contacts there, with their invitations, messages, e-mails, replies, bounces and unsubscribes logged on them."
            checked={connection.pushEnabled}
            disabled={!isAdmin || update.isPending}
            onChange={(pushEnabled) => save({ pushEnabled })}
          />
          <Toggle
            label="Pull exclusions from the CRM"
            hint="The contacts your exclusion rules pick go on the do-not-contact list."
            checked={connection.pullEnabled}
            disabled={!isAdmin || update.isPending}
            onChange={(pullEnabled) => save({ pullEnabled })}
          />
        </section>
        {usable && (
          <>
            <CrmFieldMappingEditor connection={connection} isAdmin={isAdmin} save={save} saving={update.isPending} />
            <CrmDeals connection={connection} isAdmin={isAdmin} save={save} saving={update.isPending} />
            <CrmExclusions connection={connection} isAdmin={isAdmin} save={save} saving={update.isPending} />
            {isAdmin && <CrmImportList connection={connection} />}
          </>
        )}
        <CrmSyncLog connectionId={connection.id} />
      </div>
    </Card>
  );
}

export function Toggle({ label, hint, checked, disabled, onChange }: { label: string; hint: string; checked: boolean; disabled: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-4 rounded border-slate-300" />
      <span>
        <span className="font-medium text-slate-800">{label}</span>
        <span className="block text-slate-500">{hint}</span>
      </span>
    </label>
  );
}
