import type { Metadata } from "next";
import { ApiReferenceView } from "@/components/api-reference/api-reference-view";
import type { SchemaComponents } from "@/components/api-reference/example-from-schema";
import { collectOperations, type OpenApiOperation } from "@/components/api-reference/operations";
import { PageHeader } from "@/components/ui/page-header";
import { buildOpenApiDocument } from "@/server/openapi/document";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const document = buildOpenApiDocument() as unknown as {
    info: { description: string; version: string };
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: SchemaComponents };
  };
  const components = document.components?.schemas ?? {};
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
      <ApiReferenceView intro={document.info.description} operations={collectOperations(document.paths, components)} components={components} />
    </>
  );
}
