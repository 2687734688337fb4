"use client";
// The stored verifications of the addresses shown on a page, in one request, by lower-cased address.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { TAddressVerification } from "@/server/schemas/verification";

export function useAddressVerifications(emails: Array<string | null | undefined>, targetsCompanies = true, refetchInterval?: number) {
  const trpc = useTRPC();
  const addresses = useMemo(() => [...new Set(emails.flatMap((email) => (email ? [email.trim().toLowerCase()] : [])))].sort(), [emails]);
  const query = useQuery({
    ...trpc.verification.forAddresses.queryOptions({ emails: addresses, targetsCompanies }),
    enabled: addresses.length > 0,
    refetchInterval,
  });
  return useMemo(() => {
    const byAddress = new Map<string, TAddressVerification>();
    for (const row of query.data ?? []) byAddress.set(row.email, row);
    return {
      loaded: query.isSuccess || addresses.length === 0,
      of: (email: string | null | undefined) => (email ? byAddress.get(email.trim().toLowerCase()) ?? null : null),
    };
  }, [query.data, query.isSuccess, addresses.length]);
}
