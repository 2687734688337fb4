// GET|POST|PUT /api/inngest – Inngest's endpoint: runs Herald's background functions for the
// embedded executor, Inngest Cloud or a self-hosted Inngest server (requests are signed)
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

export const { GET, POST, PUT } = serve({ client: inngest, functions });
