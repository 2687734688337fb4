"use client";
// Settings → Integrations: one card per CRM (not configured / Connect / connected), the outcome of
// a connect the CRM just sent the person back from, and the connected CRM's panel.
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import { CrmCard } from "./crm-card";
import { CrmPanel } from "./crm-panel";

export function IntegrationsSettings() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const integrations = useQuery(trpc.crm.integrations.queryOptions());
  const returned = params.get("message");
  if (current.isPending || integrations.isPending) return <Card title="CRM">Loading…</Card>;
  if (current.error || integrations.error) return <Alert tone="error">{errorMessage(current.error ?? integrations.error)}</Alert>;
  const isAdmin = current.data.role === "owner" || current.data.role === "admin";
  const active = integrations.data.filter((entry) => entry.connection && entry.connection.status !== "disconnected");
  return (
    <>
      {returned && <Alert tone={params.get("status") === "connected" ? "success" : "error"}>{returned}</Alert>}
      <Card
        title="CRM"
        description="Connect HubSpot, Pipedrive or Salesforce: Herald adds the leads it contacts as contacts there (matched by e-mail, then LinkedIn URL, never duplicated), logs their activity, can create a deal when a reply is interested, and turns the CRM's customers into exclusions. It syncs every 5 minutes."
      >
        <div className="grid gap-4 md:grid-cols-3">
          {integrations.data.map((integration) => (
            <CrmCard key={integration.provider} integration={integration} isAdmin={isAdmin} />
          ))}
        </div>
        {!isAdmin && <p className="mt-3 text-sm text-slate-500">Only admins and owners can connect a CRM or change its settings.</p>}
      </Card>
      {active.map((integration) => (
        <CrmPanel key={integration.provider} connection={integration.connection!} isAdmin={isAdmin} />
      ))}
    </>
  );
}
