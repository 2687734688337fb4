"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TDirectAction } from "@/server/schemas/direct-action";

const PAGE = 20;

const TYPE: Record<TDirectAction["type"], string> = {
  invitation: "Connection request",
  profile_view: "Profile view",
  post_like: "Post like",
  message: "Message",
  inmail: "InMail",
  comment: "Comment",
  voice_note: "Voice note",
  follow: "Follow",
};

const STATUS: Record<TDirectAction["status"], { label: string; tone: BadgeTone }> = {
  sending: { label: "Sending", tone: "slate" },
  pending: { label: "Pending", tone: "amber" },
  accepted: { label: "Accepted", tone: "green" },
  withdrawn: { label: "Withdrawn", tone: "slate" },
  done: { label: "Done", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

function profileName(action: TDirectAction): string {
  return action.publicIdentifier ?? action.profileUrl?.replace(/^https?:\/\/(www\.)?/, "") ?? action.leadId;
}

/** The sender's latest actions, direct and from campaigns, newest first. */
export function RecentActions({ senderId }: { senderId: string }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const actions = useQuery({ ...trpc.senders.actions.queryOptions({ id: senderId, limit: PAGE, offset }), refetchInterval: 15_000 });
  return (
    <Card title="Recent actions" description="What this sender did on LinkedIn, from direct actions and campaigns.">
      {actions.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      ) : actions.error ? (
        <Alert tone="error">{errorMessage(actions.error)}</Alert>
      ) : !actions.data.actions.length ? (
        <p className="text-sm text-slate-500">No actions yet. Send a connection request above, or add this sender to a campaign.</p>
      ) : (
        <>
          <div className="-mx-5 overflow-x-auto px-5">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">When</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Action</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Profile</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                  <th scope="col" className="py-2 font-medium">Details</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {actions.data.actions.map((action) => {
                  const status = STATUS[action.status];
                  return (
                    <tr key={action.id} data-testid="action-row" className="align-top">
                      <td className="py-2 pr-3 whitespace-nowrap text-slate-500" title={formatDateTime(action.sentAt ?? action.createdAt)}>
                        {formatRelative(action.sentAt ?? action.createdAt)}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">
                        {TYPE[action.type]}
                        {action.source === "campaign" && <span className="ml-1 text-xs text-slate-400">(campaign)</span>}
                        {action.source === "manual" && <span className="ml-1 text-xs text-slate-400">(inbox reply)</span>}
                      </td>
                      <td className="max-w-56 truncate py-2 pr-3">
                        {action.profileUrl ? (
                          <a href={action.profileUrl} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline">
                            {profileName(action)}
                          </a>
                        ) : (
                          profileName(action)
                        )}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge tone={status.tone}>{status.label}</Badge>
                        {action.acceptedAt && <span className="ml-1.5 text-xs text-slate-500">{formatRelative(action.acceptedAt)}</span>}
                      </td>
                      <td className="max-w-xs py-2 text-xs text-slate-600">
                        {action.error ? <span className="text-red-700">{action.error}</span> : action.note ? <span title={action.note}>“{action.note}”</span> : action.postUrl ? (
                          <a href={action.postUrl} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline">
                            The post
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {actions.data.total > PAGE && (
            <Pager offset={offset} pageSize={PAGE} shown={actions.data.actions.length} total={actions.data.total} onOffsetChange={setOffset} />
          )}
        </>
      )}
    </Card>
  );
}
