import type { Metadata } from "next";
import { SandboxCaptcha } from "@/components/sandbox/sandbox-captcha";

export const metadata: Metadata = { title: "Security verification", robots: { index: false, follow: false } };

/** The sandbox network's stand-in for LinkedIn's captcha page (a CAPTCHA checkpoint's `url`). */
export default async function SandboxCaptchaPage({ params }: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await params;
  return (
    <main className="flex min-h-screen items-center justify-center bg-[#f3f2ef] px-4 py-12">
      <SandboxCaptcha sessionId={sessionId} />
    </main>
  );
}
