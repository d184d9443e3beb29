/**
 * Formats only the catalog accepts; pure. The rules shared with other services (slug, email,
 * time zone, locale, currency) live in @svc/rules.
 */

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

export function isHttpsUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` naming a day that exists (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}
