/** Durations in milliseconds. A "day" here is 24 hours (UTC days); calendar days need a time zone. */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;
