/** A JSON object (not an array, not null): what a parsed message or body must be before its fields are read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
