import { EPOCH_MS_MESSAGE, ID_MESSAGE, isEpochMs, isId } from '@svc/rules';
import { type Violations } from './violations.js';

/**
 * Per-field checks: each records a violation under `path` and answers undefined when the value
 * is invalid, or the normalized value. Absent input (undefined) is never a violation here;
 * required fields are checked with `requirePresent`.
 */

export function requirePresent(v: Violations, path: string, value: unknown): void {
  if (value === undefined && !v.has(path)) v.add(path, 'is required');
}

/** requirePresent for each named field, in order. */
export function requireFields<F extends object>(
  v: Violations,
  fields: F,
  names: ReadonlyArray<keyof F & string>,
): void {
  for (const name of names) requirePresent(v, name, fields[name]);
}

export interface TextRule {
  max: number;
  /** Whether '' is accepted (it then clears an optional field). */
  allowEmpty?: boolean;
}

/** Trimmed text of at most `max` characters. */
export function checkText(v: Violations, path: string, value: string | undefined, rule: TextRule): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '' && !rule.allowEmpty) return fail(v, path, 'must not be empty');
  if (text.length > rule.max) return fail(v, path, `must be at most ${rule.max} characters`);
  return text;
}

export function checkInteger(
  v: Violations,
  path: string,
  value: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  return fail(v, path, `must be an integer ${range}`);
}

/** An instant within the shared epoch-ms range (@svc/rules: 1 to the end of year 9999). */
export function checkEpochMs(v: Violations, path: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return isEpochMs(value) ? value : fail(v, path, EPOCH_MS_MESSAGE);
}

export function checkEnum<T extends string>(
  v: Violations,
  path: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((candidate) => candidate === value);
  return found ?? fail(v, path, `must be one of ${allowed.join(', ')}`);
}

/** A value accepted by `test` (after trimming), else `message`. */
export function checkFormat(
  v: Violations,
  path: string,
  value: string | undefined,
  test: (value: string) => boolean,
  message: string,
): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  return test(text) ? text : fail(v, path, message);
}

export const MAX_ID_LIST = 100;

/** A list of record ids (the id rule of @svc/rules), duplicates dropped (first occurrence kept). */
export function checkIdList(v: Violations, path: string, value: readonly string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = [...new Set(value)];
  if (ids.length > MAX_ID_LIST) return fail(v, path, `must name at most ${MAX_ID_LIST} ids`);
  if (!ids.every(isId)) return fail(v, path, 'must contain only ids');
  return ids;
}

/** A trimmed reference to an id (a staff member's userId, a service's categoryId); '' clears it. */
export function checkOptionalId(v: Violations, path: string, value: string | undefined): string | undefined {
  return checkFormat(v, path, value, (id) => id === '' || isId(id), ID_MESSAGE);
}

function fail(v: Violations, path: string, message: string): undefined {
  v.add(path, message);
  return undefined;
}
