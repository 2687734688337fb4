// Renders a JSON schema from the OpenAPI document as a readable tree of fields.
import { constraintNotes, type JsonSchema } from "./example-from-schema";

type Schema = JsonSchema;

export type Components = Record<string, Schema>;

function resolve(schema: Schema, components: Components): { schema: Schema; name?: string } {
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop()!;
    return { schema: components[name] ?? {}, name };
  }
  return { schema };
}

export function typeLabel(raw: Schema, components: Components): string {
  const { schema, name } = resolve(raw, components);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeLabel(variant, components)).join(" | ");
  if (schema.type === "array" && schema.items) return `array of ${typeLabel(schema.items, components)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (name && type === "object") return name;
  return [type ?? "any", schema.format].filter(Boolean).join(" · ");
}

function objectOf(raw: Schema, components: Components, depth: number): Schema | null {
  const { schema } = resolve(raw, components);
  if (depth > 4) return null;
  if (schema.properties) return schema;
  if (schema.type === "array" && schema.items) return objectOf(schema.items, components, depth);
  const variants = (schema.anyOf ?? schema.oneOf)?.filter((variant) => resolve(variant, components).schema.type !== "null");
  if (variants?.length === 1) return objectOf(variants[0]!, components, depth);
  return null;
}

export function SchemaView({ schema, components, depth = 0 }: { schema: Schema; components: Components; depth?: number }) {
  const object = objectOf(schema, components, depth);
  if (!object?.properties) {
    return <p className="text-xs text-slate-500">{typeLabel(schema, components)}</p>;
  }
  const required = new Set(object.required ?? []);
  return (
    <ul className={`space-y-2 ${depth ? "mt-2 border-l border-slate-200 pl-4" : ""}`}>
      {Object.entries(object.properties).map(([name, property]) => {
        const resolved = resolve(property, components).schema;
        return (
          <li key={name} className="text-sm">
            <code className="font-semibold text-slate-800">{name}</code>{" "}
            <span className="text-xs text-slate-500">{typeLabel(property, components)}</span>
            {required.has(name) && <span className="ml-1 text-xs font-medium text-amber-700">required</span>}
            {constraintNotes(resolved).length > 0 && (
              <span className="ml-2 text-xs text-slate-400">{constraintNotes(resolved).join(", ")}</span>
            )}
            {(property.description ?? resolved.description) && (
              <p className="text-xs text-slate-500">{property.description ?? resolved.description}</p>
            )}
            {objectOf(property, components, depth + 1) && (
              <SchemaView schema={property} components={components} depth={depth + 1} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
