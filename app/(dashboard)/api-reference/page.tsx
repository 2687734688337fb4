import type { Metadata } from "next";
import { SchemaView, typeLabel, type Components } from "@/components/api-reference/schema-view";
import { PageHeader } from "@/components/ui/page-header";
import { buildOpenApiDocument } from "@/server/openapi/document";

export const metadata: Metadata = { title: "API reference" };

type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};

const methodColors: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  patch: "bg-amber-100 text-amber-800",
  put: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

function Description({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm text-slate-600">
      {text.split("\n\n").map((paragraph) => (
        <p key={paragraph} dangerouslySetInnerHTML={{ __html: inline(paragraph) }} />
      ))}
    </div>
  );
}

/** Just enough Markdown for the descriptions: `code`, **bold**, escaping everything else. */
function inline(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped
    .replace(/`([^`]+)`/g, '<code class="rounded bg-slate-100 px-1 text-xs text-slate-800">$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong class="text-slate-800">$1</strong>');
}

export default function ApiReferencePage() {
  const document = buildOpenApiDocument() as unknown as {
    info: { description: string; version: string };
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Components };
  };
  const components = document.components?.schemas ?? {};
  const byTag = new Map<string, Array<{ method: string; path: string; operation: Operation }>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            REST API v{document.info.version} at <code className="text-xs">/api/v1</code>. Machine-readable:{" "}
            <a className="text-brand-600 hover:underline" href="/api/v1/openapi.json">
              openapi.json
            </a>
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Operations" className="space-y-4 text-sm lg:sticky lg:top-8 lg:self-start">
          {[...byTag.entries()].map(([tag, entries]) => (
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
        <div className="space-y-8">
          <section className="rounded-lg bg-white p-5 ring-1 ring-slate-200">
            <Description text={document.info.description} />
          </section>
          {[...byTag.entries()].map(([tag, entries]) => (
            <section key={tag} className="space-y-4">
              <h2 className="text-lg font-semibold text-slate-900">{tag}</h2>
              {entries.map(({ method, path, operation }) => {
                const body = operation.requestBody?.content["application/json"]?.schema;
                return (
                  <article key={operation.operationId} id={operation.operationId} className="scroll-mt-8 rounded-lg bg-white p-5 ring-1 ring-slate-200">
                    <header className="flex flex-wrap items-center gap-2">
                      <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold uppercase ${methodColors[method] ?? ""}`}>{method}</span>
                      <code className="text-sm font-semibold break-all text-slate-900">/api/v1{path}</code>
                    </header>
                    <h3 className="mt-2 font-medium text-slate-900">{operation.summary}</h3>
                    {operation.description && <div className="mt-1"><Description text={operation.description} /></div>}
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
                              {parameter.description && <p className="text-xs text-slate-500">{parameter.description}</p>}
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    {body && (
                      <div className="mt-4">
                        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body</h4>
                        <div className="mt-2"><SchemaView schema={body} components={components} /></div>
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
                              <div className="mt-1"><SchemaView schema={response.content["application/json"].schema} components={components} /></div>
                            )}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </article>
                );
              })}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
