"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useWorkspaceRole } from "@/components/shell/workspace-role";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { TInvitationEmail, TMember } from "@/server/schemas/account-user";
import type { TRole } from "@/server/schemas/workspace";
import { CopyButton } from "./copy-button";

const ROLE_LABELS: Record<TRole, string> = { owner: "Owner", admin: "Admin", member: "Member", approver: "Approver" };

/** One line per role, under the invite form's role. */
const ROLE_HINTS: Record<Exclude<TRole, "owner">, string> = {
  member: "Works with campaigns, senders, leads and the Inbox.",
  admin: "Also manages members and workspace settings.",
  approver: "Works the Approvals and Tasks queues and the Inbox only; sees nothing of settings, keys or billing.",
};

function isInvitedRole(value: string): value is Exclude<TRole, "owner"> {
  return value === "member" || value === "admin" || value === "approver";
}

/** A member's role, as a choice for those who may change it (admins and owners; owners' roles by owners). */
function MemberRole({ member, myRole, onChange, pending }: { member: TMember; myRole: TRole | null; onChange: (role: TRole) => void; pending: boolean }) {
  const canChange = (myRole === "admin" && member.role !== "owner") || myRole === "owner";
  if (!canChange) return <>{ROLE_LABELS[member.role]}</>;
  const roles: TRole[] = myRole === "owner" ? ["owner", "admin", "member", "approver"] : ["admin", "member", "approver"];
  return (
    <Select
      aria-label={`Role of ${member.name ?? member.email}`}
      value={member.role}
      disabled={pending}
      onChange={(event) => onChange(event.target.value as TRole)}
      className="w-auto py-1 pr-7 pl-2 text-xs"
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </Select>
  );
}

export function MembersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.members.list.queryOptions());
  const invitations = useQuery(trpc.members.pendingInvitations.queryOptions());
  const myRole = useWorkspaceRole();
  const [invited, setInvited] = useState<{ url: string; email: TInvitationEmail } | null>(null);
  const [inviteRole, setInviteRole] = useState<Exclude<TRole, "owner">>("member");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (result) => {
        setInvited({ url: result.url, email: result.email });
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const updateRole = useMutation(trpc.members.updateRole.mutationOptions({ onSettled: refresh }));
  const errors = fieldErrors(invite.error);

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setInvited(null);
    invite.mutate({
      email: String(form.get("email") ?? ""),
      role: inviteRole,
      canManageBilling: form.get("canManageBilling") === "on" && inviteRole !== "approver",
    });
  }

  return (
    <>
      <Card
        title="Invite a member"
        description="Herald e-mails the person a link to join when this installation has a system mailbox; otherwise you copy the link and send it yourself."
      >
        <form onSubmit={onInvite} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <Field label="E-mail" htmlFor="invite-email" error={errors.email}>
              <Input id="invite-email" name="email" type="email" required />
            </Field>
          </div>
          <Field label="Role" htmlFor="invite-role">
            <Select id="invite-role" name="role" value={inviteRole} onChange={(event) => isInvitedRole(event.target.value) && setInviteRole(event.target.value)}>
              <option value="member">Member</option>
              <option value="admin">Admin</option>
              <option value="approver">Approver</option>
            </Select>
          </Field>
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input type="checkbox" name="canManageBilling" disabled={inviteRole === "approver"} className="size-4 rounded border-slate-300" />
            Can manage billing
          </label>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Creating link…" : "Create invitation"}
          </Button>
        </form>
        <p className="mt-2 text-xs text-slate-500" data-testid="invite-role-hint">
          {ROLE_LABELS[inviteRole]}: {ROLE_HINTS[inviteRole]}
        </p>
        <div className="mt-3 space-y-2">
          {invite.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(invite.error)}</Alert>}
          {invited && (
            <Alert tone={invited.email.sent ? "success" : "info"}>
              <p className="font-medium" data-testid="invite-email-outcome">
                {invited.email.sent ? `Invitation sent to ${invited.email.to}.` : invited.email.problem}
              </p>
              <p className="mt-1">{invited.email.sent ? "The link, should they need it again (shown once, valid for 7 days):" : "Invitation link (shown once, valid for 7 days):"}</p>
              <div className="mt-1 flex items-center gap-2">
                <code className="flex-1 truncate rounded bg-white px-2 py-1 text-xs text-slate-800" data-testid="invite-url">
                  {invited.url}
                </code>
                <CopyButton value={invited.url} />
              </div>
            </Alert>
          )}
        </div>
      </Card>

      <Card title="Members" description={`Approvers: ${ROLE_HINTS.approver}`}>
        {updateRole.error && (
          <div className="mb-3">
            <Alert tone="error">{errorMessage(updateRole.error)}</Alert>
          </div>
        )}
        {members.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th className="py-2 font-medium">Name</th>
                <th className="py-2 font-medium">Role</th>
                <th className="py-2 font-medium">Billing</th>
                <th className="py-2 font-medium">Joined</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.data?.map((member) => (
                <tr key={member.id}>
                  <td className="py-2 pr-2 break-all">
                    <span className="font-medium text-slate-800">{member.name ?? member.email}</span>
                    <span className="block text-xs text-slate-500">{member.email}</span>
                  </td>
                  <td className="py-2">
                    <MemberRole
                      member={member}
                      myRole={myRole}
                      pending={updateRole.isPending}
                      onChange={(role) => updateRole.mutate({ memberId: member.id, role })}
                    />
                  </td>
                  <td className="py-2">{member.role === "owner" || member.canManageBilling ? "Yes" : "No"}</td>
                  <td className="py-2 text-slate-500">{formatDateTime(member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <Card title="Pending invitations">
        {!invitations.data?.length ? (
          <p className="text-sm text-slate-500">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all">
                  <span className="font-medium text-slate-800">{invitation.email}</span>
                  <span className="ml-2 text-xs text-slate-500 capitalize">
                    {invitation.role} · expires {formatDateTime(invitation.expiresAt)}
                  </span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => revoke.mutate({ invitationId: invitation.id })}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
