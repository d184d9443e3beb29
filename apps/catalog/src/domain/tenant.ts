import { checkEnum, checkFormat, checkText, requirePresent } from './field-checks.js';
import { canonicalLocale, canonicalTimeZone, isHexColor, isHttpsUrl, isIanaTimeZone, isSlug } from './field-rules.js';
import { nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

export const TENANT_STATUSES = ['active', 'disabled', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** '' means "not set": clients fall back to the tenant name and their own colors. */
export type Branding = { displayName: string; logoUrl: string; primaryColor: string; accentColor: string };

export type TenantRecord = {
  tenantId: string;
  slug: string;
  name: string;
  status: TenantStatus;
  timezone: string;
  locale: string;
  branding: Branding;
  createdAtMs: number;
  updatedAtMs: number;
};

export interface TenantCreateInput {
  slug?: string;
  name?: string;
  timezone?: string;
  locale?: string;
  branding?: Partial<Branding>;
}

/** Absent fields stay; a branding field set to '' is cleared. */
export interface TenantPatch {
  name?: string;
  timezone?: string;
  locale?: string;
  status?: string;
  branding?: Partial<Branding>;
}

export const DEFAULT_LOCALE = 'en';
const EMPTY_BRANDING: Branding = { displayName: '', logoUrl: '', primaryColor: '', accentColor: '' };

export function newTenant(input: TenantCreateInput, ctx: { id: string; now: number }): TenantRecord {
  const v = new Violations();
  const slug = checkFormat(v, 'body.slug', input.slug, isSlug, 'must match ^[a-z0-9][a-z0-9-]{0,62}$');
  const fields = checkTenantFields(v, input);
  const branding = checkBranding(v, input.branding ?? {});
  requirePresent(v, 'body.slug', slug);
  requirePresent(v, 'body.name', fields.name);
  requirePresent(v, 'body.timezone', fields.timezone);
  v.throwIfAny();
  return {
    tenantId: ctx.id,
    slug: slug ?? '',
    name: fields.name ?? '',
    status: 'active',
    timezone: fields.timezone ?? '',
    locale: fields.locale ?? DEFAULT_LOCALE,
    branding: { ...EMPTY_BRANDING, ...definedOnly(branding) },
    createdAtMs: ctx.now,
    updatedAtMs: ctx.now,
  };
}

export function patchTenant(current: TenantRecord, patch: TenantPatch, now: number): TenantRecord {
  assertSomeField({ ...patch, branding: undefined, ...patch.branding });
  const v = new Violations();
  const fields = checkTenantFields(v, patch);
  const status = checkEnum(v, 'body.status', patch.status, TENANT_STATUSES);
  const branding = checkBranding(v, patch.branding ?? {});
  v.throwIfAny();
  return {
    ...current,
    ...definedOnly({ ...fields, status }),
    branding: { ...current.branding, ...definedOnly(branding) },
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, now),
  };
}

function checkTenantFields(v: Violations, input: { name?: string; timezone?: string; locale?: string }) {
  const name = checkText(v, 'body.name', input.name, { max: 200 });
  const timezone = checkFormat(v, 'body.timezone', input.timezone, isIanaTimeZone, 'must be an IANA time zone');
  const isLocale = (s: string) => canonicalLocale(s) !== null;
  const locale = checkFormat(v, 'body.locale', input.locale, isLocale, 'must be a BCP 47 tag');
  return {
    name,
    timezone: timezone && canonicalTimeZone(timezone),
    locale: locale === undefined ? undefined : (canonicalLocale(locale) ?? undefined),
  };
}

function checkBranding(v: Violations, input: Partial<Branding>): Partial<Branding> {
  const color = (path: string, value: string | undefined) =>
    checkFormat(v, path, value, (s) => s === '' || isHexColor(s), 'must be a color #rrggbb')?.toLowerCase();
  return {
    displayName: checkText(v, 'body.branding.displayName', input.displayName, { max: 200, allowEmpty: true }),
    logoUrl: checkFormat(
      v,
      'body.branding.logoUrl',
      input.logoUrl,
      (s) => s === '' || isHttpsUrl(s),
      'must be an https URL',
    ),
    primaryColor: color('body.branding.primaryColor', input.primaryColor),
    accentColor: color('body.branding.accentColor', input.accentColor),
  };
}
