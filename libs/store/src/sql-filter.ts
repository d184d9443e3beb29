/**
 * Compiles port filters and sorts to SQLite over a `(id TEXT PRIMARY KEY, doc TEXT)` table.
 * Values are always bound parameters; field paths are embedded, which is safe only because
 * assertFieldPath restricts them to dotted identifiers (and embedding keeps expression indexes
 * usable: the planner matches `json_extract(doc, '$.a')` textually).
 */
import type { Filter, FindOptions, Scalar } from './document-store.js';
import { assertFieldPath, assertFindOptions, parseFilter, type Condition } from './validate.js';

export interface SqlFragment {
  sql: string;
  params: Array<string | number>;
}

/** The SQL expression for a field's value: the id column for `_id`, else json_extract. */
export function fieldExpr(field: string): string {
  assertFieldPath(field);
  return field === '_id' ? 'id' : `json_extract(doc, '$.${field}')`;
}

/** json_type of the field: 'integer' | 'real' | 'text' | 'true' | 'false' | 'null' | …, NULL if missing. */
export function typeExpr(field: string): string {
  return field === '_id' ? `'text'` : `json_type(doc, '$.${field}')`;
}

/**
 * Type-strict equality like MongoDB's: json_extract maps JSON true/false to 1/0 and objects to
 * JSON text, so the JSON type is checked too. The plain form keeps `ex = ?` a top-level term the
 * planner can serve from an index (it may be NULL, which WHERE treats as false); the null-safe
 * form never yields NULL, so $ne can negate it.
 */
function equals(field: string, v: Scalar, params: SqlFragment['params'], nullSafe = false): string {
  const ex = fieldExpr(field);
  if (v === null) return `${ex} IS NULL`; // JSON null and missing both extract as NULL
  if (typeof v === 'boolean') return `ifnull(${typeExpr(field)} = '${v ? 'true' : 'false'}', 0)`;
  params.push(v);
  const test = `${typeClass(field, v)} AND ${ex} = ?`;
  return nullSafe ? `ifnull(${test}, 0)` : `(${test})`;
}

function typeClass(field: string, v: string | number): string {
  return typeof v === 'number' ? `${typeExpr(field)} IN ('integer', 'real')` : `${typeExpr(field)} = 'text'`;
}

const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function condition(c: Condition, params: SqlFragment['params']): string {
  switch (c.op) {
    case '$eq':
      return equals(c.field, c.value, params);
    case '$ne':
      return c.value === null ? `${fieldExpr(c.field)} IS NOT NULL` : `NOT ${equals(c.field, c.value, params, true)}`;
    case '$in':
      return c.value.length === 0 ? '0' : `(${c.value.map((v) => equals(c.field, v, params)).join(' OR ')})`;
    default: {
      // parseFilter guarantees a string or number here; ranges never match other types (MongoDB's type brackets).
      const v = c.value as string | number;
      params.push(v);
      return `(${typeClass(c.field, v)} AND ${fieldExpr(c.field)} ${RANGE_SQL[c.op]} ?)`;
    }
  }
}

/** A WHERE clause body (`1` for the empty filter) and its parameters. */
export function compileFilter(filter: Filter): SqlFragment {
  const params: SqlFragment['params'] = [];
  const parts = parseFilter(filter).map((c) => condition(c, params));
  return { sql: parts.length === 0 ? '1' : parts.join(' AND '), params };
}

/**
 * An ORDER BY clause (with the keyword) or ''. Numbers sort numerically, strings bytewise like
 * MongoDB. `bounded`: the find has a limit. Without one every match is read anyway, so the terms
 * get a unary `+` (a no-op on the value) that keeps the planner from choosing an index for its
 * order over the filter's own: otherwise it walks e.g. a tenant's whole (tenantId, createdAtMs)
 * list index to avoid a sort instead of seeking the few documents of (tenantId, ownerId).
 */
export function compileSort(sort: FindOptions['sort'], bounded: boolean): string {
  if (!sort || sort.length === 0) return '';
  assertFindOptions({ sort });
  const plus = bounded ? '' : '+';
  const terms = sort.map(([field, dir]) => `${plus}${fieldExpr(field)} ${dir === 1 ? 'ASC' : 'DESC'}`);
  return `ORDER BY ${terms.join(', ')}`;
}

/** A LIMIT clause or '' (0 means no limit, as in MongoDB). */
export function compileLimit(limit: number | undefined, params: SqlFragment['params']): string {
  assertFindOptions({ limit });
  if (limit === undefined || limit === 0) return '';
  params.push(limit);
  return 'LIMIT ?';
}

/**
 * The SELECT of a find on `table`: the documents, or with `fields` one row holding a JSON array
 * of `[id, ...fields]` arrays (`rows`). The fields are read through the same json_extract
 * expressions as the indexes', so an index holding them (a covering one, with the types the
 * filter checks) answers the read alone; SQLite builds the one JSON text, so the driver hands over
 * one value instead of one per field and row (the occupancy read: thousands of rows).
 */
export function compileFind(table: string, filter: Filter, opts: FindOptions): SqlFragment {
  assertFindOptions(opts);
  const where = compileFilter(filter);
  const params = [...where.params];
  const limit = compileLimit(opts.limit, params);
  const tail = `FROM ${table} WHERE ${where.sql} ${compileSort(opts.sort, limit !== '')} ${limit}`;
  if (!opts.fields) return { sql: `SELECT doc ${tail}`, params };
  const columns = ['id', ...opts.fields.map(fieldExpr)].map((c, i) => `${c} AS c${i}`);
  const row = columns.map((_, i) => `c${i}`).join(', ');
  return {
    sql: `SELECT json_group_array(json_array(${row})) AS rows FROM (SELECT ${columns.join(', ')} ${tail})`,
    params,
  };
}
