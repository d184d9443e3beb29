// Set up before every engine test (vitest.config.ts, vitest.mutation.config.ts): luxon's clock
// pinned to one instant. luxon guesses the offset of a wall-clock time from the offset at
// Settings.now(), so where the engine lets luxon resolve a reading alone (a day whose readings
// cannot repeat), a mutant that wrongly skips asking for both readings survives or dies by the
// season the suite runs in. Pinned, every kill is the same on every day (docs/testing.md).
import { Settings } from 'luxon';

/** 15 January 2026, noon UTC: winter in the north, so northern fall-back days guess standard time. */
export const PINNED_LUXON_NOW = Date.UTC(2026, 0, 15, 12);
Settings.now = () => PINNED_LUXON_NOW;
