import { checkEnum, checkFormat, checkInteger, checkText, requirePresent } from './field-checks.js';
import type { Retention } from '@svc/rules';
import {
  canonicalLocale,
  canonicalTimeZone,
  isIanaTimeZone,
  isLocale,
  isSlug,
  LOCALE_MESSAGE,
  AUDIT_RETENTION_MIN_DAYS,
  normalizeEmbedOrigins,
  RETENTION_DAYS,
  SLUG_MESSAGE,
  TIME_ZONE_MESSAGE,
} from '@svc/rules';
import { isHexColor, isHttpsUrl } from './field-rules.js';
import { createdAt, nextUpdatedAt } from './timestamps.js';
import { assertSomeField, definedOnly, Violations } from './violations.js';

export const TENANT_STATUSES = ['active', 'disabled', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** '' means "not set": clients fall back to the tenant name and their own colors. */
export type Branding = {
  displayName: string;
  logoUrl: string;
  primaryColor: string;
  accentColor: string;
  /** Who may embed the pages (docs/decisions.md "Embedding"); absent on tenants stored before it: none. */
  embedOrigins?: string[];
};

export type TenantRecord = {
  tenantId: string;
  slug: string;
  name: string;
  status: TenantStatus;
  timezone: string;
  locale: string;
  branding: Branding;
  /** What the tenant set; a field absent is its default (@svc/rules effectiveRetention). */
  retention?: Partial<Retention>;
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
  retention?: Partial<Retention>;
}

export const DEFAULT_LOCALE = 'en';
const EMPTY_BRANDING: Branding = { displayName: '', logoUrl: '', primaryColor: '', accentColor: '', embedOrigins: [] };

export function newTenant(input: TenantCreateInput, ctx: { id: string; now: number }): TenantRecord {
  const v = new Violations();
  const slug = checkFormat(v, 'slug', input.slug, isSlug, SLUG_MESSAGE);
  const fields = checkTenantFields(v, input);
  const branding = checkBranding(v, input.branding ?? {});
  requirePresent(v, 'slug', slug);
  requirePresent(v, 'name', fields.name);
  requirePresent(v, 'timezone', fields.timezone);
  v.throwIfAny();
  return {
    tenantId: ctx.id,
    slug: slug ?? '',
    name: fields.name ?? '',
    status: 'active',
    timezone: fields.timezone ?? '',
    locale: fields.locale ?? DEFAULT_LOCALE,
    branding: { ...EMPTY_BRANDING, ...definedOnly(branding) },
    ...createdAt(ctx.now),
  };
}

export function patchTenant(current: TenantRecord, patch: TenantPatch, now: number): TenantRecord {
  assertSomeField({ ...patch, branding: undefined, retention: undefined, ...patch.branding, ...patch.retention });
  const v = new Violations();
  const fields = checkTenantFields(v, patch);
  const status = checkEnum(v, 'status', patch.status, TENANT_STATUSES);
  const branding = checkBranding(v, patch.branding ?? {});
  const retention = checkRetention(v, patch.retention ?? {});
  v.throwIfAny();
  const next: TenantRecord = {
    ...current,
    ...definedOnly({ ...fields, status }),
    branding: { ...current.branding, ...definedOnly(branding) },
    updatedAtMs: nextUpdatedAt(current.updatedAtMs, now),
  };
  const retained = definedOnly(retention);
  if (Object.keys(retained).length > 0) next.retention = { ...current.retention, ...retained };
  return next;
}

function checkRetention(v: Violations, input: Partial<Retention>): Partial<Retention> {
  const days = (field: keyof Retention, min: number = RETENTION_DAYS.min) =>
    checkInteger(v, `retention.${field}`, input[field], min, RETENTION_DAYS.max);
  return {
    webhookBodyDays: days('webhookBodyDays'),
    notificationBodyDays: days('notificationBodyDays'),
    auditDays: days('auditDays', AUDIT_RETENTION_MIN_DAYS),
  };
}

function checkTenantFields(v: Violations, input: { name?: string; timezone?: string; locale?: string }) {
  const name = checkText(v, 'name', input.name, { max: 200 });
  const timezone = checkFormat(v, 'timezone', input.timezone, isIanaTimeZone, TIME_ZONE_MESSAGE);
  const locale = checkFormat(v, 'locale', input.locale, isLocale, LOCALE_MESSAGE);
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
    displayName: checkText(v, 'branding.displayName', input.displayName, { max: 200, allowEmpty: true }),
    logoUrl: checkFormat(
      v,
      'branding.logoUrl',
      input.logoUrl,
      (s) => s === '' || isHttpsUrl(s),
      'must be an https URL',
    ),
    primaryColor: color('branding.primaryColor', input.primaryColor),
    accentColor: color('branding.accentColor', input.accentColor),
    embedOrigins: checkEmbedOrigins(v, input.embedOrigins),
  };
}

/** The list normalized and deduplicated (@svc/rules), each bad entry reported at its index. */
function checkEmbedOrigins(v: Violations, input: readonly string[] | undefined): string[] | undefined {
  if (input === undefined) return undefined;
  const checked = normalizeEmbedOrigins(input);
  if ('origins' in checked) return checked.origins;
  for (const { index, message } of checked.violations) {
    v.add(index === undefined ? 'branding.embedOrigins' : `branding.embedOrigins.${index}`, message);
  }
  return undefined;
}
