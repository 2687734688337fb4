import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** An honest placeholder for a section whose feature has not been built in this version. */
export function NotBuiltYet({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title={`${title} are not available in this version of Herald yet`}>{children}</EmptyState>
    </>
  );
}
