import type { Metadata } from "next";
import { ApiReferenceView } from "@/components/api-reference/api-reference-view";
import { summarizeOperations } from "@/components/api-reference/operations";
import { PageHeader } from "@/components/ui/page-header";
import { publicUrl } from "@/server/env";
import { buildOpenApiDocument } from "@/server/openapi/document";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const document = buildOpenApiDocument();
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
      {/* Only each operation's summary goes to the page; an opened operation loads its details from openapi.json. */}
      <ApiReferenceView intro={document.info.description ?? ""} operations={summarizeOperations(document.paths ?? {})} origin={publicUrl()} />
    </>
  );
}
