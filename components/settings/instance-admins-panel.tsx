"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/**
 * "Instance administrators": shown to instance administrators only (and the server refuses everyone
 * else). They stand above workspaces: they grant AI credits to any workspace and name each other.
 */
export function InstanceAdminsPanel() {
  const trpc = useTRPC();
  const me = useQuery(trpc.instance.me.queryOptions());
  if (!me.data?.isInstanceAdmin) return null;
  return <InstanceAdminsList />;
}

function InstanceAdminsList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const admins = useQuery(trpc.instance.admins.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.instance.pathKey() });
  const add = useMutation(trpc.instance.addAdmin.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.instance.removeAdmin.mutationOptions({ onSuccess: refresh }));
  const errors = fieldErrors(add.error);
  const last = (admins.data?.length ?? 0) <= 1;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate({ email: String(new FormData(form).get("email") ?? "") }, { onSuccess: () => form.reset() });
  }

  return (
    <Card
      title="Instance administrators"
      description="Above every workspace of this installation: they grant AI credits to any workspace and name other instance administrators. The installation always keeps one."
    >
      <ul className="mb-4 divide-y divide-slate-100 text-sm" aria-label="Instance administrators">
        {admins.data?.map((admin) => (
          <li key={admin.id} className="flex items-center justify-between gap-3 py-2">
            <span>
              {admin.name ?? admin.email} <span className="text-slate-500">{admin.name ? admin.email : ""}</span>
            </span>
            <Button
              variant="secondary"
              disabled={last || remove.isPending}
              title={last ? "The installation's last instance administrator: name another one first" : undefined}
              onClick={() => remove.mutate({ userId: admin.id })}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" aria-label="Name an instance administrator">
        <div className="min-w-64 flex-1">
          <Field label="E-mail of someone with an account here" htmlFor="instance-admin-email" error={errors.email}>
            <Input id="instance-admin-email" name="email" type="email" required maxLength={254} />
          </Field>
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Naming…" : "Make instance administrator"}
        </Button>
      </form>
      <div aria-live="polite" className="mt-3">
        {add.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(add.error)}</Alert>}
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </div>
    </Card>
  );
}
