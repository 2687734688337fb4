"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import { AddEntryForm } from "./add-entry-form";
import { EntriesTable } from "./entries-table";
import { ImportExport } from "./import-export";
import { SharingSetting } from "./sharing-setting";

/** The Settings page's do-not-contact list: what it does, adding by hand or CSV, the entries, sharing. */
export function DoNotContactSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspace.current.queryOptions());
  if (current.isPending) return <Card title="Do not contact">Loading…</Card>;
  if (current.error) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  const isAdmin = current.data.role === "owner" || current.data.role === "admin";
  return (
    <>
      <Card
        title="Do not contact"
        description="People, companies and whole domains Herald never contacts, on any channel and in every campaign. Unsubscribes, spam complaints and hard bounces are added on their own; you can add more by hand or from a CSV file. Entries stay when a lead is deleted, so a person imported again is still left alone."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <AddEntryForm />
          <ImportExport />
        </div>
      </Card>
      <EntriesTable isAdmin={isAdmin} />
      <SharingSetting isAdmin={isAdmin} />
    </>
  );
}
