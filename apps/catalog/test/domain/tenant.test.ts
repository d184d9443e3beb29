import { describe, expect, it } from 'vitest';
import { newTenant, patchTenant, type TenantCreateInput } from '../../src/domain/tenant.js';
import { violationPaths } from '../support/violations.js';

const valid: TenantCreateInput = { slug: 'acme-dental', name: 'Acme Dental', timezone: 'Europe/Berlin' };
const create = (input: TenantCreateInput) => newTenant(input, { id: 'ten_1', now: 1_000 });

describe('tenant create', () => {
  it('applies defaults: active, locale en, empty branding, both timestamps now', () => {
    expect(create(valid)).toEqual({
      tenantId: 'ten_1',
      slug: 'acme-dental',
      name: 'Acme Dental',
      status: 'active',
      timezone: 'Europe/Berlin',
      locale: 'en',
      branding: { displayName: '', logoUrl: '', primaryColor: '', accentColor: '', embedOrigins: [] },
      createdAtMs: 1_000,
      updatedAtMs: 1_000,
    });
  });

  it('requires slug, name and timezone', () => {
    expect(violationPaths(() => create({}))).toEqual(['slug', 'name', 'timezone']);
  });

  it.each(['Acme', '-acme', 'acme_dental', 'a'.repeat(64), ''])('rejects slug %j', (slug) => {
    expect(violationPaths(() => create({ ...valid, slug }))).toEqual(['slug']);
  });

  it('accepts a 63-character slug', () => {
    expect(create({ ...valid, slug: 'a'.repeat(63) }).slug).toHaveLength(63);
  });

  it.each(['Mars/Olympus', '+01:00', 'GMT+1', ''])('rejects timezone %j', (timezone) => {
    expect(violationPaths(() => create({ ...valid, timezone }))).toEqual(['timezone']);
  });

  it('canonicalizes the locale and rejects what is not a BCP 47 tag', () => {
    expect(create({ ...valid, locale: 'de-ch' }).locale).toBe('de-CH');
    expect(violationPaths(() => create({ ...valid, locale: 'en_US' }))).toEqual(['locale']);
  });

  it('checks branding: #rrggbb colors (stored lower case) and https logo URLs', () => {
    const tenant = create({ ...valid, branding: { primaryColor: '#A1B2C3', logoUrl: 'https://cdn.example/logo.png' } });
    expect(tenant.branding).toMatchObject({ primaryColor: '#a1b2c3', logoUrl: 'https://cdn.example/logo.png' });
    expect(violationPaths(() => create({ ...valid, branding: { primaryColor: 'red' } }))).toEqual([
      'branding.primaryColor',
    ]);
    expect(violationPaths(() => create({ ...valid, branding: { accentColor: '#fff' } }))).toEqual([
      'branding.accentColor',
    ]);
    expect(violationPaths(() => create({ ...valid, branding: { logoUrl: 'http://cdn.example/logo.png' } }))).toEqual([
      'branding.logoUrl',
    ]);
  });
});

describe('embed origins', () => {
  it('are normalized and deduplicated on create and patch; an empty list clears them', () => {
    const tenant = create({
      ...valid,
      branding: {
        embedOrigins: ['https://WWW.Acme.example/', 'https://www.acme.example:443', 'http://127.0.0.2:4100'],
      },
    });
    expect(tenant.branding.embedOrigins).toEqual(['https://www.acme.example', 'http://127.0.0.2:4100']);
    const patched = patchTenant(tenant, { branding: { embedOrigins: ['https://shop.acme.example'] } }, 2_000);
    expect(patched.branding).toEqual({ ...tenant.branding, embedOrigins: ['https://shop.acme.example'] });
    expect(patchTenant(patched, { branding: { displayName: 'Acme' } }, 3_000).branding.embedOrigins).toEqual([
      'https://shop.acme.example',
    ]);
    expect(patchTenant(patched, { branding: { embedOrigins: [] } }, 3_000).branding.embedOrigins).toEqual([]);
  });

  it('report each bad entry at its index, and a list too long as a whole', () => {
    const bad = ['https://ok.example', 'http://www.acme.example', 'https://acme.example/book'];
    expect(violationPaths(() => create({ ...valid, branding: { embedOrigins: bad } }))).toEqual([
      'branding.embedOrigins.1',
      'branding.embedOrigins.2',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`);
    expect(violationPaths(() => create({ ...valid, branding: { embedOrigins: many } }))).toEqual([
      'branding.embedOrigins',
    ]);
  });
});

describe('tenant patch', () => {
  const tenant = create({ ...valid, branding: { displayName: 'Acme', primaryColor: '#000000' } });

  it('needs at least one field; an empty branding counts as none', () => {
    expect(violationPaths(() => patchTenant(tenant, {}, 2_000))).toEqual(['']);
    expect(violationPaths(() => patchTenant(tenant, { branding: {} }, 2_000))).toEqual(['']);
  });

  it('changes only the given fields, branding included, and moves updatedAtMs', () => {
    const next = patchTenant(tenant, { status: 'suspended', branding: { accentColor: '#FFFFFF' } }, 1_000);
    expect(next).toEqual({
      ...tenant,
      status: 'suspended',
      branding: { ...tenant.branding, accentColor: '#ffffff' },
      updatedAtMs: 1_001, // same millisecond as create, still later
    });
  });

  it("clears a branding field with ''", () => {
    expect(patchTenant(tenant, { branding: { displayName: '' } }, 2_000).branding.displayName).toBe('');
  });

  it('validates status, name, timezone and locale', () => {
    expect(violationPaths(() => patchTenant(tenant, { status: 'deleted' }, 2_000))).toEqual(['status']);
    expect(violationPaths(() => patchTenant(tenant, { name: '  ' }, 2_000))).toEqual(['name']);
    expect(violationPaths(() => patchTenant(tenant, { timezone: 'Nowhere' }, 2_000))).toEqual(['timezone']);
    expect(violationPaths(() => patchTenant(tenant, { locale: '' }, 2_000))).toEqual(['locale']);
  });
});
