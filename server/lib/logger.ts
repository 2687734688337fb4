// A small structured logger: one line per entry, fields as JSON. Level from HERALD_LOG_LEVEL.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = (process.env.HERALD_LOG_LEVEL as Level | undefined) ?? "info";
  return order[level] ?? order.info;
}

function serialize(fields?: Record<string, unknown>): string {
  if (!fields) return "";
  const plain = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
    ]),
  );
  return ` ${JSON.stringify(plain)}`;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold()) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${serialize(fields)}`;
  (level === "error" || level === "warn" ? console.error : console.log)(line);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
