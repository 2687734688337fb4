import type { Metadata } from "next";
import { HostedConnect } from "@/components/connect/hosted-connect";

export const metadata: Metadata = { title: "Connect your LinkedIn account", robots: { index: false, follow: false } };

export default async function ConnectPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { status } = await searchParams;
  return <HostedConnect token={token} returnedWith={typeof status === "string" ? status : null} />;
}
