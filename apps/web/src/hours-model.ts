// The weekly-hours editor's model (pure): an owner's active rules as windows per weekday, the
// "HH:MM" fields staff type, and the writes that turn the stored rules into the edited week
// (docs/decisions.md "Staff dashboard").

export interface StoredRule {
  ruleId: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
  status: string;
}

/** One window as the editor holds it: its rule when stored, its times as typed. */
export interface EditedWindow {
  ruleId: string | null;
  start: string;
  end: string;
}

/** Sunday first, as the API counts weekdays (0 = Sunday). */
export type Week = EditedWindow[][];

export const toClock = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Minutes after midnight of "HH:MM" ("24:00" is the end of the day); null for anything else. */
export function fromClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const minute = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minute <= 1440 ? minute : null;
}

/** The owner's active rules as an editable week, each day's windows in time order. */
export function weekOf(rules: readonly StoredRule[]): Week {
  const week: Week = Array.from({ length: 7 }, () => []);
  for (const r of [...rules].sort((a, b) => a.startMinute - b.startMinute)) {
    if (r.status !== 'active') continue;
    week[r.weekday]!.push({ ruleId: r.ruleId, start: toClock(r.startMinute), end: toClock(r.endMinute) });
  }
  return week;
}

export type HoursWrite =
  | { kind: 'create'; weekday: number; startMinute: number; endMinute: number }
  | { kind: 'update'; ruleId: string; startMinute: number; endMinute: number }
  | { kind: 'delete'; ruleId: string };

/**
 * The writes that make the stored rules the edited week, or the first problem in words: a time
 * that is not HH:MM, an end not after its start, windows of one day that overlap.
 */
export function hoursWrites(stored: readonly StoredRule[], week: Week): { writes: HoursWrite[] } | { problem: string } {
  const writes: HoursWrite[] = [];
  const kept = new Set<string>();
  const byId = new Map(stored.map((r) => [r.ruleId, r]));
  for (let weekday = 0; weekday < 7; weekday++) {
    const windows: Array<{ ruleId: string | null; startMinute: number; endMinute: number }> = [];
    for (const w of week[weekday] ?? []) {
      const startMinute = fromClock(w.start);
      const endMinute = fromClock(w.end);
      if (startMinute === null || endMinute === null)
        return { problem: `${DAY_NAMES[weekday]}: times are HH:MM, 00:00 to 24:00.` };
      if (endMinute <= startMinute) return { problem: `${DAY_NAMES[weekday]}: ${w.end} is not after ${w.start}.` };
      windows.push({ ruleId: w.ruleId, startMinute, endMinute });
    }
    windows.sort((a, b) => a.startMinute - b.startMinute);
    for (let i = 1; i < windows.length; i++) {
      if (windows[i]!.startMinute < windows[i - 1]!.endMinute)
        return { problem: `${DAY_NAMES[weekday]}: two windows overlap.` };
    }
    for (const w of windows) {
      const before = w.ruleId ? byId.get(w.ruleId) : undefined;
      if (!before) {
        writes.push({ kind: 'create', weekday, startMinute: w.startMinute, endMinute: w.endMinute });
        continue;
      }
      kept.add(before.ruleId);
      if (before.startMinute !== w.startMinute || before.endMinute !== w.endMinute || before.weekday !== weekday) {
        writes.push({ kind: 'update', ruleId: before.ruleId, startMinute: w.startMinute, endMinute: w.endMinute });
      }
    }
  }
  // Deletes first: a window moved within a day never meets its old self.
  const deletes: HoursWrite[] = stored
    .filter((r) => r.status === 'active' && !kept.has(r.ruleId))
    .map((r) => ({ kind: 'delete', ruleId: r.ruleId }));
  return { writes: [...deletes, ...writes] };
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
