import type { Metadata } from "next";
import { CompaniesPage } from "@/components/companies/companies-page";

export const metadata: Metadata = { title: "Companies" };

export default function Companies() {
  return <CompaniesPage />;
}
