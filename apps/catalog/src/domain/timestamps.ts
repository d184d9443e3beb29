/** Every update moves updatedAtMs forward, even two updates within the same millisecond. */
export function nextUpdatedAt(previousMs: number, nowMs: number): number {
  return Math.max(nowMs, previousMs + 1);
}
