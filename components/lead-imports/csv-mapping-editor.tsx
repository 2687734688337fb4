"use client";
import { Input, Select } from "@/components/ui/field";
import { TARGET_LABELS, type ColumnMapping, type ColumnTarget, type MappingProblems } from "./csv-mapping";

const TARGETS: ColumnTarget[] = ["profileUrl", "email", "firstName", "lastName", "company", "custom", "ignore"];

/** One line per CSV column: its header and sample values, what it maps to, and the variable name. */
export function CsvMappingEditor({
  headers,
  sample,
  mapping,
  problems,
  onChange,
}: {
  headers: string[];
  sample: string[][];
  mapping: ColumnMapping[];
  problems: MappingProblems;
  onChange: (mapping: ColumnMapping[]) => void;
}) {
  const update = (index: number, change: Partial<ColumnMapping>) => onChange(mapping.map((column, at) => (at === index ? { ...column, ...change } : column)));
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Column mapping</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">Column</th>
            <th scope="col" className="px-3 py-2 font-medium">Sample values</th>
            <th scope="col" className="px-3 py-2 font-medium">Maps to</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {headers.map((header, index) => {
            const column = mapping[index]!;
            const problem = problems.columns[index];
            const values = sample.map((row) => row[index] ?? "").filter(Boolean).slice(0, 3);
            const selectId = `csv-column-${index}`;
            return (
              <tr key={index} data-testid="csv-column" className="align-top">
                <th scope="row" className="px-3 py-2.5 font-medium text-slate-900">
                  {header || <span className="text-slate-400">Column {index + 1}</span>}
                </th>
                <td className="max-w-64 px-3 py-2.5 text-xs text-slate-500">
                  {values.length ? values.map((value, at) => <p key={at} className="truncate">{value}</p>) : <span className="text-slate-400">(empty)</span>}
                </td>
                <td className="px-3 py-2.5">
                  <div className="flex flex-wrap items-start gap-2">
                    <label htmlFor={selectId} className="sr-only">
                      Column {index + 1} ({header || "no header"}) maps to
                    </label>
                    <div className="w-52">
                      <Select
                        id={selectId}
                        value={column.target}
                        onChange={(event) => update(index, { target: event.target.value as ColumnTarget })}
                        aria-invalid={Boolean(problem && column.target !== "custom")}
                      >
                        {TARGETS.map((target) => (
                          <option key={target} value={target}>
                            {TARGET_LABELS[target]}
                          </option>
                        ))}
                      </Select>
                    </div>
                    {column.target === "custom" && (
                      <div className="w-44">
                        <label htmlFor={`${selectId}-variable`} className="sr-only">
                          Variable name for column {index + 1}
                        </label>
                        <div className="flex items-center gap-1 font-mono text-sm text-slate-500">
                          <span aria-hidden="true">{"{{"}</span>
                          <Input
                            id={`${selectId}-variable`}
                            value={column.variable}
                            onChange={(event) => update(index, { variable: event.target.value })}
                            aria-invalid={Boolean(problem)}
                            aria-describedby={problem ? `${selectId}-problem` : undefined}
                            className="font-mono"
                            spellCheck={false}
                          />
                          <span aria-hidden="true">{"}}"}</span>
                        </div>
                      </div>
                    )}
                  </div>
                  {problem && (
                    <p id={`${selectId}-problem`} role="alert" className="mt-1 text-xs text-red-600">
                      {problem}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
