"use client";
import { useDeferredValue, useState } from "react";
import { Input } from "@/components/ui/field";
import { Description } from "./description";
import type { SchemaComponents } from "./example-from-schema";
import { OperationCard } from "./operation-card";
import { groupByTag, matchesQuery, type ReferenceOperation } from "./operations";

/** The operations of the API grouped by tag, with a search over path, summary and tag. */
export function ApiReferenceView({ intro, operations, components }: { intro: string; operations: ReferenceOperation[]; components: SchemaComponents }) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const shown = operations.filter((entry) => matchesQuery(entry, deferred));
  const groups = groupByTag(shown);
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <div className="space-y-4 lg:sticky lg:top-8 lg:max-h-[calc(100vh-4rem)] lg:self-start lg:overflow-y-auto">
        <div>
          <label htmlFor="api-search" className="block text-sm font-medium text-slate-700">
            Search operations
          </label>
          <Input id="api-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Path, summary or tag" className="mt-1" />
          <p className="mt-1 text-xs text-slate-500" aria-live="polite">
            {deferred ? `${shown.length} of ${operations.length} operation${operations.length === 1 ? "" : "s"}` : `${operations.length} operations`}
          </p>
        </div>
        <nav aria-label="Operations" className="hidden space-y-4 text-sm lg:block">
          {groups.map(([tag, entries]) => (
            <div key={tag}>
              <p className="font-semibold text-slate-800">{tag}</p>
              <ul className="mt-1 space-y-1">
                {entries.map(({ operation }) => (
                  <li key={operation.operationId}>
                    <a href={`#${operation.operationId}`} className="text-slate-500 hover:text-slate-900">
                      {operation.summary}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="min-w-0 space-y-8">
        {!deferred && (
          <section className="rounded-lg bg-white p-5 ring-1 ring-slate-200">
            <Description text={intro} />
          </section>
        )}
        {groups.length ? (
          groups.map(([tag, entries]) => (
            <section key={tag} className="space-y-4">
              <h2 className="text-lg font-semibold text-slate-900">{tag}</h2>
              {entries.map((entry) => (
                <OperationCard key={entry.operation.operationId} entry={entry} components={components} />
              ))}
            </section>
          ))
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">
            No operation matches “{deferred}”. Try a path such as /campaigns, a word of a summary, or a tag such as Webhooks.
          </p>
        )}
      </div>
    </div>
  );
}
