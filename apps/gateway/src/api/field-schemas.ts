import {
  idSchema,
  MINUTES_PER_DAY,
  NOT_BLANK_PATTERN,
  optionalIdSchema,
  SLUG_MESSAGE,
  SLUG_PATTERN,
  trimmedTextSchema,
} from '@svc/rules';
import { z } from 'zod';

/**
 * Field rules shared by the routes' bodies and queries. The formats (slug, email, time
 * zone, locale, currency, epoch ms, paging) are @svc/rules, the same rules the catalog applies,
 * so an HTTP caller gets a precise `body.<field>` detail before any gRPC call; the service stays
 * the authority (uniqueness, owners that exist). Every id is `idSchema` of @svc/rules.
 */

/** Largest value of a proto int32 field; beyond it the number would wrap on the wire. */
const INT32_MAX = 2_147_483_647;

/** A name (trimmed; @svc/rules trimmedTextSchema): at least one character that is not whitespace. */
export const nameSchema = trimmedTextSchema(200, { required: true });
/** Optional text (trimmed): '' or blank clears it. */
export const optionalText = (max: number) => trimmedTextSchema(max);

export const int = (min: number, max = INT32_MAX) => z.number().int().min(min).max(max);
/** Minutes of the day; 1440 is the end of the day (an exclusive end). */
export const minuteOfDaySchema = int(0, MINUTES_PER_DAY);

export const idListSchema = z.array(idSchema);

/** A service's slug as the public paths and bodies name it (`serviceSlug`). */
export const serviceSlugSchema = z.string().regex(SLUG_PATTERN, SLUG_MESSAGE);

/** YYYY-MM-DD naming a real calendar day (leap years included); the service also refuses year 0. */
export const dateSchema = z.iso.date('A calendar date as YYYY-MM-DD.');

export const ownerTypeSchema = z.enum(['tenant', 'staff', 'resource']);
/** A staff or resource id; for tenant owners it may be left out ('' or the tenant's own id). */
export const ownerIdSchema = optionalIdSchema;
/**
 * Rules, blocked times and holidays are removed by PATCH `status: deleted` (docs/decisions.md "Catalog");
 * creating one already deleted makes no sense, so create takes only `active`.
 */
export const recordStatusSchema = z.enum(['active', 'deleted']);
export const createStatusSchema = z.enum(['active']);

/** The body of an action that takes none: no body, or `{}`. */
export const noBody = z.strictObject({}).optional().describe('No body, or `{}`.');

/**
 * A PATCH body: every field of the shape optional, unknown members rejected, and at least one
 * field (an empty body is a detail at `body`, not a silent no-op).
 */
export function patchOf<S extends z.ZodRawShape>(shape: S) {
  return z
    .strictObject(shape)
    .partial()
    .refine((body) => Object.keys(body).length > 0, {
      message: 'Send at least one field to change.',
      // Only when the members were fine: an unknown member alone is reported as just that.
      when: (payload) => payload.issues.length === 0,
    })
    .meta({ minProperties: 1 });
}

/**
 * A cross-field check `first < second`, reported at `first` (or `at`, where the catalog reports
 * it). Only when both are in the body: on PATCH the service compares a single changed bound
 * with the stored record. `zeroClears`: 0 removes the bound (effective periods), so it is not
 * compared.
 */
export function ascending<K extends string>(
  first: K,
  second: K,
  message: string,
  opts: { zeroClears?: boolean; at?: K } = {},
) {
  const given = (n: number | undefined): n is number => n !== undefined && !(opts.zeroClears && n === 0);
  return (value: { [P in K]?: number | undefined }, ctx: z.RefinementCtx) => {
    const a = value[first];
    const b = value[second];
    if (given(a) && given(b) && a >= b) ctx.addIssue({ code: 'custom', path: [opts.at ?? first], message });
  };
}

/** The owner rule as the OpenAPI descriptions state it (that it names one of the tenant's is for the service). */
export const OWNER_RULE =
  "`ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.";

type Owned = { ownerType?: z.output<typeof ownerTypeSchema> | undefined; ownerId?: string | undefined };

/**
 * Staff and resource rules/blocks name their owner; tenant ones may leave it to the session.
 * The check reports `ownerId` with its own message; the same rule goes into the document as
 * `if`/`then`, so a schema-valid body always names an owner. `ownerId` is trimmed, hence "a
 * character that is not whitespace" (@svc/rules NOT_BLANK_PATTERN) rather than `minLength: 1`.
 */
export function ownerRequired<S extends z.ZodType<Owned>>(schema: S) {
  return schema
    .superRefine((value, ctx) => {
      if (value.ownerType !== undefined && value.ownerType !== 'tenant' && !value.ownerId) {
        ctx.addIssue({ code: 'custom', path: ['ownerId'], message: `Required when ownerType is ${value.ownerType}.` });
      }
    })
    .meta({
      if: { required: ['ownerType'], properties: { ownerType: { enum: ['staff', 'resource'] } } },
      then: { required: ['ownerId'], properties: { ownerId: { pattern: NOT_BLANK_PATTERN.source } } },
    });
}
