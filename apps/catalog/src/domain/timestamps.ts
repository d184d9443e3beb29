/** Every update moves updatedAtMs forward, even two updates within the same millisecond. */
export function nextUpdatedAt(previousMs: number, nowMs: number): number {
  return Math.max(nowMs, previousMs + 1);
}

/** A new record's timestamps: made and last changed now. */
export const createdAt = (nowMs: number): { createdAtMs: number; updatedAtMs: number } => ({
  createdAtMs: nowMs,
  updatedAtMs: nowMs,
});
