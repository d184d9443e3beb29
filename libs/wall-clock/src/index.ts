export {
  DAY_MS,
  addIsoDays,
  isoDateOf,
  nextIsoDate,
  parseIsoDate,
  wallClockAt,
  wallClockMs,
  type CivilDate,
  type WallClockTime,
} from './civil.js';
export {
  assertTimeZone,
  dayWindow,
  isTimeZone,
  isoDateIn,
  offsetAt,
  startOfDay,
  wallClockInstant,
  wallClockInstants,
  wallClockOf,
} from './zone.js';
