/**
 * The position of the last item of a page in a list ordered by (an integer field, id), usually
 * (createdAtMs, id), as an opaque cursor. Shared so every list pages the same way (docs/api-conventions.md "Catalog administration").
 *
 * The format is chosen so that its pattern is the whole rule: every string matching
 * PAGE_CURSOR_PATTERN is a position (a fuzzer that sends schema-valid cursors gets a page, not
 * a 400), and anything else is refused. It is the order value as exactly 15 digits (zero-padded;
 * at most 999999999999999, a safe integer) followed by the id, URL-safe as it is.
 */
export interface PagePosition {
  /** The value of the list's order field (createdAtMs unless the list says otherwise). */
  at: number;
  id: string;
}

const TIME_DIGITS = 15;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const PAGE_CURSOR_PATTERN = /^[0-9]{15}[A-Za-z0-9_-]{1,100}$/;
export const PAGE_CURSOR_MESSAGE = 'is not a cursor returned by this list';

export function encodePageCursor(position: PagePosition): string {
  const time = String(position.at).padStart(TIME_DIGITS, '0');
  // Ids and creation times are made by the services; one out of shape is a bug, not input.
  if (!Number.isSafeInteger(position.at) || position.at < 0 || time.length > TIME_DIGITS) {
    throw new Error(`page cursor: order value out of range: ${position.at}`);
  }
  if (!ID_PATTERN.test(position.id)) throw new Error(`page cursor: id out of shape: ${position.id}`);
  return time + position.id;
}

/** The position, or null for anything that does not match PAGE_CURSOR_PATTERN. */
export function decodePageCursor(cursor: string): PagePosition | null {
  if (!PAGE_CURSOR_PATTERN.test(cursor)) return null;
  return { at: Number(cursor.slice(0, TIME_DIGITS)), id: cursor.slice(TIME_DIGITS) };
}

/**
 * The position of the last item of a page in a list ordered by (key, id): a prefix search over
 * normalized keys (findByPrefix). Its cursor is the id, a dot, then the key's UTF-8 bytes in
 * base64url; like the list cursor, its pattern is the whole rule (every matching string decodes
 * to some position), and the two patterns share no string (only this one has a dot).
 */
export interface KeyPosition {
  key: string;
  id: string;
}

export const KEY_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{0,1400}$/;

export function encodeKeyCursor(position: KeyPosition): string {
  const cursor = `${position.id}.${Buffer.from(position.key, 'utf8').toString('base64url')}`;
  // Keys and ids are made by the services; one out of shape is a bug, not input.
  if (!KEY_CURSOR_PATTERN.test(cursor)) throw new Error(`key cursor: position out of shape: ${position.id}`);
  return cursor;
}

/** The position, or null for anything that does not match KEY_CURSOR_PATTERN. */
export function decodeKeyCursor(cursor: string): KeyPosition | null {
  if (!KEY_CURSOR_PATTERN.test(cursor)) return null;
  const dot = cursor.indexOf('.');
  return { id: cursor.slice(0, dot), key: Buffer.from(cursor.slice(dot + 1), 'base64url').toString('utf8') };
}
