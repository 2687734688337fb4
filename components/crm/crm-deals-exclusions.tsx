"use client";
// Deals on interested replies (on/off, the pipeline and stage), and the exclusion rules (the CRM's
// customers, owned contacts, members of chosen lists).
import { useQuery } from "@tanstack/react-query";
import type { TCrmConnection } from "@/server/schemas/crm";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Field, Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { Toggle, type SaveSettings } from "./crm-panel";

interface SectionProps {
  connection: TCrmConnection;
  isAdmin: boolean;
  save: SaveSettings;
  saving: boolean;
}

export function CrmDeals({ connection, isAdmin, save, saving }: SectionProps) {
  const trpc = useTRPC();
  const deals = connection.deals;
  const pipelines = useQuery({ ...trpc.crm.pipelines.queryOptions({ id: connection.id }), enabled: isAdmin && (deals.createDeals || Boolean(deals.pipelineId)) });
  const pipeline = pipelines.data?.find((entry) => entry.id === deals.pipelineId);
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Deals</h3>
      <Toggle
        label="Create a deal when a reply is interested"
        hint={`One deal per lead, in the stage chosen below, associated with the lead's ${connection.label} record.`}
        checked={deals.createDeals}
        disabled={!isAdmin || saving}
        onChange={(createDeals) => {
          const first = pipelines.data?.[0];
          const chosen = pipeline ?? first;
          save({ deals: { createDeals, pipelineId: chosen?.id ?? deals.pipelineId, pipelineName: chosen?.name ?? deals.pipelineName, stageId: deals.stageId ?? chosen?.stages[0]?.id ?? null, stageName: deals.stageName ?? chosen?.stages[0]?.name ?? null } });
        }}
      />
      {pipelines.isPending && pipelines.fetchStatus !== "idle" && <p className="text-sm text-slate-500">Loading pipelines…</p>}
      {pipelines.error && <Alert tone="error">{errorMessage(pipelines.error)}</Alert>}
      {!isAdmin && deals.pipelineName && (
        <p className="text-sm text-slate-500">
          Pipeline {deals.pipelineName}
          {deals.stageName ? `, stage ${deals.stageName}` : ""}.
        </p>
      )}
      {pipelines.data && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Pipeline" htmlFor={`pipeline-${connection.id}`}>
            <Select
              id={`pipeline-${connection.id}`}
              value={deals.pipelineId ?? ""}
              disabled={!isAdmin || saving}
              onChange={(event) => {
                const chosen = pipelines.data.find((entry) => entry.id === event.target.value);
                save({ deals: { ...deals, pipelineId: chosen?.id ?? null, pipelineName: chosen?.name ?? null, stageId: chosen?.stages[0]?.id ?? null, stageName: chosen?.stages[0]?.name ?? null } });
              }}
            >
              <option value="">Choose a pipeline</option>
              {pipelines.data.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Stage" htmlFor={`stage-${connection.id}`}>
            <Select
              id={`stage-${connection.id}`}
              value={deals.stageId ?? ""}
              disabled={!isAdmin || saving || !pipeline}
              onChange={(event) => {
                const stage = pipeline?.stages.find((entry) => entry.id === event.target.value);
                save({ deals: { ...deals, stageId: stage?.id ?? null, stageName: stage?.name ?? null } });
              }}
            >
              <option value="">Choose a stage</option>
              {pipeline?.stages.map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
    </section>
  );
}

export function CrmExclusions({ connection, isAdmin, save, saving }: SectionProps) {
  const trpc = useTRPC();
  const rules = connection.exclusionRules;
  const lists = useQuery({ ...trpc.crm.lists.queryOptions({ id: connection.id }), enabled: isAdmin });
  const setRules = (changes: Partial<typeof rules>) => save({ exclusionRules: { ...rules, ...changes } });
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Exclusions</h3>
      <p className="text-sm text-slate-500">People picked here go on the do-not-contact list (reason &quot;Excluded in the CRM&quot;), so no campaign contacts them.</p>
      <Toggle label="Customers" hint={`Contacts ${connection.label} marks as customers.`} checked={rules.customers} disabled={!isAdmin || saving} onChange={(customers) => setRules({ customers })} />
      <Toggle label="Owned contacts" hint={`Contacts a colleague owns in ${connection.label} (never the ones Herald added).`} checked={rules.owned} disabled={!isAdmin || saving} onChange={(owned) => setRules({ owned })} />
      {isAdmin && lists.isPending && <p className="text-sm text-slate-500">Loading lists…</p>}
      {!isAdmin && rules.listIds.length > 0 && <p className="text-sm text-slate-500">Members of {rules.listIds.length === 1 ? "one list" : `${rules.listIds.length} lists`} are excluded.</p>}
      {lists.error && <Alert tone="error">{errorMessage(lists.error)}</Alert>}
      {lists.data && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Members of these lists</legend>
          {lists.data.length === 0 && <p className="text-sm text-slate-500">{connection.label} has no lists.</p>}
          {lists.data.map((list) => (
            <label key={list.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                checked={rules.listIds.includes(list.id)}
                disabled={!isAdmin || saving}
                onChange={(event) => setRules({ listIds: event.target.checked ? [...rules.listIds, list.id] : rules.listIds.filter((id) => id !== list.id) })}
              />
              {list.name}
              {list.size !== null && <span className="text-slate-400">({list.size})</span>}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
