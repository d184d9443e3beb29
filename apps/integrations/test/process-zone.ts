// Every test file runs in a process zone far from its staff members' and calendars' (UTC+14:
// vitest.config.ts), so nothing may read a time in the process's own zone unnoticed.
import { beforeAll } from 'vitest';

beforeAll(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offsetMinutes = -new Date(Date.UTC(2031, 0, 1)).getTimezoneOffset();
  if (zone !== 'Pacific/Kiritimati' || offsetMinutes !== 14 * 60) {
    throw new Error(`the tests must run with TZ=Pacific/Kiritimati, not ${zone} (UTC${offsetMinutes / 60})`);
  }
});
