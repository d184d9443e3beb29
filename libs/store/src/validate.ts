/**
 * Input validation shared by both adapters, so whatever one adapter rejects the other rejects
 * too (MongoDB would otherwise accept much more than the port allows).
 */
import type { Document, Filter, FindOptions, Scalar } from './document-store.js';

/** Dotted path of identifiers; also what keeps field names safe to embed in SQL JSON paths. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type ComparisonOp = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';

export type Condition =
  { field: string; op: ComparisonOp; value: Scalar } | { field: string; op: '$in'; value: Scalar[] };

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

export function assertFieldPath(field: string): void {
  if (typeof field !== 'string' || !FIELD_PATH.test(field)) {
    throw new TypeError(`invalid field path ${JSON.stringify(field)}`);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

function scalar(field: string, op: string, v: unknown): Scalar {
  if (!isScalar(v)) throw new TypeError(`${field}: ${op} needs a string, finite number, boolean or null`);
  return v;
}

/** Checks a filter against the port's grammar and flattens it into one condition per operator (ANDed). */
export function parseFilter(filter: Filter): Condition[] {
  if (!isPlainObject(filter)) throw new TypeError('filter must be a plain object');
  const out: Condition[] = [];
  for (const [field, cond] of Object.entries(filter)) {
    assertFieldPath(field);
    if (!isPlainObject(cond)) {
      out.push({ field, op: '$eq', value: scalar(field, 'equality', cond) });
      continue;
    }
    const ops = Object.entries(cond);
    if (ops.length === 0) throw new TypeError(`${field}: empty condition`);
    for (const [op, v] of ops) {
      if (op === '$in') {
        if (!Array.isArray(v)) throw new TypeError(`${field}: $in needs an array`);
        out.push({ field, op, value: v.map((x) => scalar(field, op, x)) });
      } else if (op === '$eq' || op === '$ne') {
        out.push({ field, op, value: scalar(field, op, v) });
      } else if (RANGE_OPS.has(op)) {
        // Ranges over null/booleans are not in the port (and order differently across adapters).
        if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) {
          throw new TypeError(`${field}: ${op} needs a string or finite number`);
        }
        out.push({ field, op: op as ComparisonOp, value: v });
      } else {
        throw new TypeError(`${field}: unsupported operator ${JSON.stringify(op)}`);
      }
    }
  }
  return out;
}

/** The defined entries of an updateOne `set`, checked to be top-level fields. */
export function setEntries(set: Record<string, unknown>): Array<[string, unknown]> {
  if (!isPlainObject(set)) throw new TypeError('update must be a plain object');
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  for (const [k] of entries) {
    if (!IDENTIFIER.test(k)) throw new TypeError(`update can only set top-level fields, got ${JSON.stringify(k)}`);
  }
  return entries;
}

export function assertDocument(doc: Document): void {
  if (!isPlainObject(doc)) throw new TypeError('document must be a plain object');
  if (typeof doc._id !== 'string' || doc._id === '') throw new TypeError('document _id must be a non-empty string');
}

/** Collection and index names: identifiers (SQLite embeds them, quoted, and reserves `sqlite_`). */
export function assertName(kind: 'collection' | 'index', name: string): void {
  if (typeof name !== 'string' || !IDENTIFIER.test(name) || /^sqlite_/i.test(name)) {
    throw new TypeError(`invalid ${kind} name ${JSON.stringify(name)}`);
  }
}

export function assertIndexSpec(spec: { collection: string; name: string; fields: string[] }): void {
  assertName('collection', spec.collection);
  assertName('index', spec.name);
  if (!Array.isArray(spec.fields) || spec.fields.length === 0) throw new TypeError(`index ${spec.name} has no fields`);
  spec.fields.forEach((f) => assertFieldPath(f));
}

export function assertFindOptions(opts: FindOptions): void {
  for (const [field, dir] of opts.sort ?? []) {
    assertFieldPath(field);
    if (dir !== 1 && dir !== -1) throw new TypeError(`sort direction for ${field} must be 1 or -1`);
  }
  const { limit } = opts;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new TypeError('limit must be a non-negative integer');
  }
  for (const field of opts.fields ?? []) {
    assertFieldPath(field);
    if (field.includes('.')) throw new TypeError(`projected field ${field} must be a top-level field`);
  }
}
