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

const CRM_NAMES: Record<string, string> = { hubspot: "HubSpot", pipedrive: "Pipedrive", salesforce: "Salesforce" };

/** The words for the outcome code the OAuth callback sends back; nothing from the URL is shown as is. */
function connectOutcomeText(outcome: string, crm: string | null): { tone: "success" | "error"; text: string } | null {
  const name = (crm && CRM_NAMES[crm]) ?? "the CRM";
  const words: Record<string, string> = {
    connected: `Connected ${name}.`,
    cancelled: `You cancelled connecting ${name}.`,
    refused:
      "This sign-in did not come from a Connect button you clicked in this browser, was already used, took longer than 10 minutes, or you are no longer an admin. Click Connect again.",
    "failed:not-configured": `${name} is not set up on this Herald; see the card below for what to set.`,
    "failed:not-completed": `${name} did not complete the connection; try again.`,
    "failed:sign-in-refused": `${name} did not accept the sign-in; try again.`,
    "failed:other-account": `This workspace is connected to another ${name} account. Disconnect it first to connect another account.`,
    "failed:internal": `Something went wrong on Herald's side while connecting ${name}; try again.`,
  };
  const text = words[outcome];
  return text ? { tone: outcome === "connected" ? "success" : "error", text } : null;
}

export function IntegrationsSettings() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const integrations = useQuery(trpc.crm.integrations.queryOptions());
  const returned = connectOutcomeText(params.get("outcome") ?? "", params.get("crm"));
  if (current.isPending || integrations.isPending) return <Card title="CRM">Loading…</Card>;
  if (current.error || integrations.error) return <Alert tone="error">{errorMessage(current.error ?? integrations.error)}</Alert>;
  const isAdmin = current.data.role === "owner" || current.data.role === "admin";
  const active = integrations.data.filter((entry) => entry.connection && entry.connection.status !== "disconnected");
  return (
    <>
      {returned && <Alert tone={returned.tone}>{returned.text}</Alert>}
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
