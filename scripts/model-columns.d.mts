export function modelColumns(schema: string): Record<string, { fields: string[]; timestamps: string[]; bigints: string[] }>;
export function writeModelColumns(schemaPath: string, outputPath: string): void;
