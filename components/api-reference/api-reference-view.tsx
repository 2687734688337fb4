"use client";
import { useDeferredValue, useEffect, useState } from "react";
import { Input } from "@/components/ui/field";
import { Description } from "./description";
import { OperationCard } from "./operation-card";
import { groupByTag, matchesQuery, type OperationSummary } from "./operations";

/**
 * The operations of the API grouped by tag, with a search over path, summary and tag. An operation
 * opens to its details; the API key for Try it lives in this component's state only (never stored).
 */
export function ApiReferenceView({ intro, operations, origin }: { intro: string; operations: OperationSummary[]; origin: string }) {
  const [query, setQuery] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const deferred = useDeferredValue(query);
  const shown = operations.filter((entry) => matchesQuery(entry, deferred));
  const groups = groupByTag(shown);
  const toggle = (operationId: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(operationId)) next.add(operationId);
      return next;
    });

  // A link to an operation (#operationId, the navigation's links) opens it.
  useEffect(() => {
    const openFromHash = () => {
      const operationId = decodeURIComponent(window.location.hash.slice(1));
      if (operationId) setOpened((current) => (current.has(operationId) ? current : new Set([...current, operationId])));
    };
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, []);

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
        <div>
          <label htmlFor="api-key" className="block text-sm font-medium text-slate-700">
            API key for Try it
          </label>
          <Input
            id="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            placeholder="hk_…"
            className="mt-1"
          />
          <p className="mt-1 text-xs text-slate-500">Kept in this page only: it is forgotten when you leave or reload. Create one in Settings → API and Webhooks.</p>
        </div>
        <nav aria-label="Operations" className="hidden space-y-4 text-sm lg:block">
          {groups.map(([tag, entries]) => (
            <div key={tag}>
              <p className="font-semibold text-slate-800">{tag}</p>
              <ul className="mt-1 space-y-1">
                {entries.map((entry) => (
                  <li key={entry.operationId}>
                    <a href={`#${entry.operationId}`} className="text-slate-500 hover:text-slate-900">
                      {entry.summary}
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
                <OperationCard
                  key={entry.operationId}
                  summary={entry}
                  open={opened.has(entry.operationId)}
                  onToggle={() => toggle(entry.operationId)}
                  origin={origin}
                  apiKey={apiKey}
                />
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
