"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Description } from "./description";
import type { SchemaComponents } from "./example-from-schema";
import { findReferenceOperation, type OperationSummary, type ReferenceOperation } from "./operations";
import { acceptsWorkspaceHeader, curlSample } from "./request-sample";
import { SchemaView, typeLabel } from "./schema-view";
import { TryIt } from "./try-it";
import { useOpenApiDocument } from "./use-openapi-document";

const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  patch: "bg-amber-100 text-amber-800",
  put: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

function Example({ label, json }: { label: string; json: string }) {
  return (
    <figure className="mt-2">
      <figcaption className="text-xs text-slate-500">{label}</figcaption>
      <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
        <code>{json}</code>
      </pre>
    </figure>
  );
}

function Heading({ children }: { children: string }) {
  return <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h4>;
}

function OperationDetails({ entry, components, origin, apiKey }: { entry: ReferenceOperation; components: SchemaComponents; origin: string; apiKey: string }) {
  const { operation } = entry;
  const [trying, setTrying] = useState(false);
  const body = operation.requestBody?.content["application/json"]?.schema;
  return (
    <>
      {operation.description && (
        <div className="mt-1">
          <Description text={operation.description} />
        </div>
      )}
      <div className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading>Request</Heading>
          <Button variant="secondary" size="sm" onClick={() => setTrying(!trying)} aria-expanded={trying}>
            {trying ? "Close Try it" : "Try it"}
          </Button>
        </div>
        <Example label="curl" json={curlSample({ origin, method: entry.method, path: entry.path, operation, body: entry.requestExample })} />
        {acceptsWorkspaceHeader(operation) && (
          <p className="mt-1 text-xs text-slate-500">
            The call acts in the key&apos;s own workspace; add <code>-H &apos;X-Herald-Workspace: &lt;workspace id&gt;&apos;</code> to act in another workspace you belong to.
          </p>
        )}
        {trying && <TryIt entry={entry} apiKey={apiKey} />}
      </div>
      {operation.parameters?.length ? (
        <div className="mt-4">
          <Heading>Parameters</Heading>
          <ul className="mt-2 space-y-1 text-sm">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="font-semibold text-slate-800">{parameter.name}</code>{" "}
                <span className="text-xs text-slate-500">
                  {parameter.in} · {typeLabel(parameter.schema, components)}
                  {parameter.required ? " · required" : ""}
                </span>
                {parameter.description && <p className="text-xs break-words text-slate-500">{parameter.description}</p>}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body && (
        <div className="mt-4">
          <Heading>Request body</Heading>
          <div className="mt-2">
            <SchemaView schema={body} components={components} />
          </div>
          {entry.requestExample && <Example label="Example request" json={entry.requestExample} />}
        </div>
      )}
      <div className="mt-4">
        <Heading>Responses</Heading>
        <ul className="mt-2 space-y-3">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <p className="text-sm">
                <code className={`font-semibold ${status.startsWith("2") ? "text-emerald-700" : "text-slate-700"}`}>{status}</code>{" "}
                <span className="text-slate-600">{response.description}</span>
              </p>
              {status.startsWith("2") && response.content?.["application/json"] && (
                <div className="mt-1">
                  <SchemaView schema={response.content["application/json"].schema} components={components} />
                </div>
              )}
              {entry.response?.status === status && <Example label={`Example response (${status})`} json={entry.response.example} />}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function LoadedDetails({ summary, origin, apiKey }: { summary: OperationSummary; origin: string; apiKey: string }) {
  const document = useOpenApiDocument();
  if (document.error) return <p className="mt-2 text-sm text-red-600">{document.error.message}</p>;
  if (!document.data) return <p className="mt-2 text-sm text-slate-500">Loading…</p>;
  const entry = findReferenceOperation(document.data, summary.method, summary.path);
  if (!entry) return <p className="mt-2 text-sm text-slate-500">This operation is no longer in the API description: reload the page.</p>;
  return <OperationDetails entry={entry} components={document.data.components?.schemas ?? {}} origin={origin} apiKey={apiKey} />;
}

/** One operation: its method, path and summary; the details (schemas, examples, curl, Try it) when opened. */
export function OperationCard({ summary, open, onToggle, origin, apiKey }: { summary: OperationSummary; open: boolean; onToggle: () => void; origin: string; apiKey: string }) {
  return (
    <article id={summary.operationId} data-testid="api-operation" className="min-w-0 scroll-mt-8 rounded-lg bg-white p-5 ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_COLORS[summary.method] ?? ""}`}>{summary.method}</span>
        <code className="text-sm font-semibold break-all text-slate-900">/api/v1{summary.path}</code>
      </header>
      <h3 className="mt-2 font-medium text-slate-900">
        <button type="button" onClick={onToggle} aria-expanded={open} className="text-left hover:text-brand-700">
          <span aria-hidden="true" className="mr-1 inline-block w-3 text-slate-400">
            {open ? "▾" : "▸"}
          </span>
          {summary.summary}
        </button>
      </h3>
      {open && <LoadedDetails summary={summary} origin={origin} apiKey={apiKey} />}
    </article>
  );
}
