import { describe, expect, it } from 'vitest';
import { fromClock, hoursWrites, toClock, weekOf, type StoredRule } from '../src/hours-model.js';

const rule = (
  ruleId: string,
  weekday: number,
  startMinute: number,
  endMinute: number,
  status = 'active',
): StoredRule => ({
  ruleId,
  weekday,
  startMinute,
  endMinute,
  status,
});

describe('weekly hours editor', () => {
  it('reads and writes HH:MM, 24:00 the end of the day', () => {
    expect(toClock(540)).toBe('09:00');
    expect(toClock(1440)).toBe('24:00');
    expect(fromClock('9:30')).toBe(570);
    expect(fromClock('24:00')).toBe(1440);
    for (const bad of ['24:01', '12:60', '12', 'noon', '']) expect(fromClock(bad), bad).toBeNull();
  });

  it('turns active rules into a week, each day in time order, deleted ones left out', () => {
    const week = weekOf([rule('r2', 1, 780, 1020), rule('r1', 1, 540, 720), rule('r3', 2, 540, 1020, 'deleted')]);
    expect(week[1]).toEqual([
      { ruleId: 'r1', start: '09:00', end: '12:00' },
      { ruleId: 'r2', start: '13:00', end: '17:00' },
    ]);
    expect(week[2]).toEqual([]);
  });

  it('writes only what changed: removed windows deleted first, changed ones updated, new ones created', () => {
    const stored = [rule('mon', 1, 540, 1020), rule('tue', 2, 540, 1020), rule('wed', 3, 540, 1020)];
    const week = weekOf(stored);
    week[1] = [
      { ruleId: 'mon', start: '10:00', end: '12:00' },
      { ruleId: null, start: '13:00', end: '15:00' },
    ];
    week[2] = [];
    expect(hoursWrites(stored, week)).toEqual({
      writes: [
        { kind: 'delete', ruleId: 'tue' },
        { kind: 'update', ruleId: 'mon', startMinute: 600, endMinute: 720 },
        { kind: 'create', weekday: 1, startMinute: 780, endMinute: 900 },
      ],
    });
    expect(hoursWrites(stored, weekOf(stored))).toEqual({ writes: [] });
  });

  it('says in words what is wrong instead of writing anything', () => {
    const week = weekOf([]);
    week[1] = [{ ruleId: null, start: '12:00', end: '10:00' }];
    expect(hoursWrites([], week)).toEqual({ problem: 'Monday: 10:00 is not after 12:00.' });
    week[1] = [
      { ruleId: null, start: '09:00', end: '12:00' },
      { ruleId: null, start: '11:00', end: '13:00' },
    ];
    expect(hoursWrites([], week)).toEqual({ problem: 'Monday: two windows overlap.' });
    week[1] = [{ ruleId: null, start: 'nine', end: '12:00' }];
    expect(hoursWrites([], week)).toEqual({ problem: 'Monday: times are HH:MM, 00:00 to 24:00.' });
  });
});
