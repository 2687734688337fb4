import { Description } from "./description";
import type { SchemaComponents } from "./example-from-schema";
import type { ReferenceOperation } from "./operations";
import { SchemaView, typeLabel } from "./schema-view";

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

export function OperationCard({ entry, components }: { entry: ReferenceOperation; components: SchemaComponents }) {
  const { method, path, operation } = entry;
  const body = operation.requestBody?.content["application/json"]?.schema;
  return (
    <article id={operation.operationId} data-testid="api-operation" className="min-w-0 scroll-mt-8 rounded-lg bg-white p-5 ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${METHOD_COLORS[method] ?? ""}`}>{method}</span>
        <code className="text-sm font-semibold break-all text-slate-900">/api/v1{path}</code>
      </header>
      <h3 className="mt-2 font-medium text-slate-900">{operation.summary}</h3>
      {operation.description && (
        <div className="mt-1">
          <Description text={operation.description} />
        </div>
      )}
      {operation.parameters?.length ? (
        <div className="mt-4">
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Parameters</h4>
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
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body</h4>
          <div className="mt-2">
            <SchemaView schema={body} components={components} />
          </div>
          {entry.requestExample && <Example label="Example request" json={entry.requestExample} />}
        </div>
      )}
      <div className="mt-4">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Responses</h4>
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
    </article>
  );
}
