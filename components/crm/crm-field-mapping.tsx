"use client";
// The field mapping editor: each Herald field beside the CRM field it is written to (from the CRM's
// own fields), "not synced" to leave one out, and a reset to the CRM's defaults.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CRM_HERALD_FIELD_WORDS, CRM_HERALD_FIELDS, type TCrmConnection, type TCrmFieldMapping } from "@/server/schemas/crm";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SaveSettings } from "./crm-panel";

export function CrmFieldMappingEditor({ connection, isAdmin, save, saving }: { connection: TCrmConnection; isAdmin: boolean; save: SaveSettings; saving: boolean }) {
  const trpc = useTRPC();
  // Only admins may read the CRM's fields; members see the mapping as it is.
  const fields = useQuery({ ...trpc.crm.fields.queryOptions({ id: connection.id }), enabled: isAdmin });
  const [draft, setDraft] = useState<TCrmFieldMapping[] | null>(null);
  const mapping = draft ?? connection.fieldMapping;
  const crmFieldOf = (herald: string) => mapping.find((entry) => entry.herald === herald)?.crm ?? "";
  const customs = mapping.filter((entry) => entry.herald.startsWith("custom."));
  const heraldFields: string[] = [...CRM_HERALD_FIELDS, ...customs.map((entry) => entry.herald)];
  const set = (herald: string, crm: string) => {
    const rest = mapping.filter((entry) => entry.herald !== herald);
    setDraft(crm ? [...rest, { herald: herald as TCrmFieldMapping["herald"], crm }] : rest);
  };
  const writable = (fields.data ?? []).filter((field) => !field.readOnly);
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Field mapping</h3>
      <p className="text-sm text-slate-500">Only mapped fields are written to {connection.label}. E-mail and the LinkedIn URL are also how Herald finds a lead&apos;s existing contact.</p>
      {isAdmin && fields.isPending && <p className="text-sm text-slate-500">Loading {connection.label}&apos;s fields…</p>}
      {fields.error && <Alert tone="error">{errorMessage(fields.error)}</Alert>}
      {(fields.data || !isAdmin) && (
        <div className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {heraldFields.map((herald) => (
            <div key={herald} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-center sm:gap-4">
              <label htmlFor={`map-${connection.id}-${herald}`} className="text-sm font-medium text-slate-700 sm:w-40">
                {CRM_HERALD_FIELD_WORDS[herald as keyof typeof CRM_HERALD_FIELD_WORDS] ?? `Variable ${herald.slice("custom.".length)}`}
              </label>
              <Select id={`map-${connection.id}-${herald}`} value={crmFieldOf(herald)} disabled={!isAdmin} onChange={(event) => set(herald, event.target.value)} className="sm:max-w-xs">
                <option value="">Not synced</option>
                {crmFieldOf(herald) && !writable.some((field) => field.name === crmFieldOf(herald)) && <option value={crmFieldOf(herald)}>{crmFieldOf(herald)}</option>}
                {writable.map((field) => (
                  <option key={field.name} value={field.name}>
                    {field.label}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
      )}
      {isAdmin && (
        <div className="flex flex-wrap gap-2">
          <Button disabled={!draft || saving} onClick={() => draft && save({ fieldMapping: draft }, () => setDraft(null))}>
            Save mapping
          </Button>
          <Button variant="secondary" disabled={!draft} onClick={() => setDraft(null)}>
            Cancel
          </Button>
          <ResetMapping connection={connection} save={save} />
        </div>
      )}
    </section>
  );
}

function ResetMapping({ connection, save }: { connection: TCrmConnection; save: SaveSettings }) {
  const trpc = useTRPC();
  const defaults = useQuery(trpc.crm.defaultMapping.queryOptions({ provider: connection.provider }));
  return (
    <Button variant="ghost" disabled={!defaults.data} onClick={() => defaults.data && save({ fieldMapping: defaults.data })}>
      Reset to {connection.label}&apos;s defaults
    </Button>
  );
}
