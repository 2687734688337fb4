import { TARGET_LABELS, type PreparedLead } from "./csv-mapping";
import { plural } from "@/components/ui/plural";

const FIELDS = ["profileUrl", "email", "firstName", "lastName", "company"] as const;

/** The first leads exactly as they will be sent, so a wrong mapping shows before anything is imported. */
export function CsvPreview({ leads }: { leads: PreparedLead[] }) {
  const variables = [...new Set(leads.flatMap((row) => Object.keys(row.lead.customVariables ?? {})))];
  const fields = FIELDS.filter((field) => leads.some((row) => row.lead[field]));
  if (!leads.length) return null;
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <table className="w-full text-left text-xs">
        <caption className="px-3 py-2 text-left text-xs font-medium text-slate-600">Preview: the first {plural(leads.length, "lead")} as they will be imported</caption>
        <thead className="bg-slate-50 text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Row</th>
            {fields.map((field) => (
              <th key={field} scope="col" className="px-3 py-2 font-medium">
                {TARGET_LABELS[field]}
              </th>
            ))}
            {variables.map((variable) => (
              <th key={variable} scope="col" className="px-3 py-2 font-mono font-medium normal-case">
                {`{{${variable}}}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((row) => (
            <tr key={row.rowNumber}>
              <td className="px-3 py-1.5 text-slate-400 tabular-nums">{row.rowNumber}</td>
              {fields.map((field) => (
                <td key={field} className="max-w-56 truncate px-3 py-1.5 text-slate-800">
                  {row.lead[field] ?? ""}
                </td>
              ))}
              {variables.map((variable) => (
                <td key={variable} className="max-w-40 truncate px-3 py-1.5 text-slate-800">
                  {row.lead.customVariables?.[variable] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
