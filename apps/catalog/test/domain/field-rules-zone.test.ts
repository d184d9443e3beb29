import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isIanaTimeZone } from '@svc/rules';
import { newTenant } from '../../src/domain/tenant.js';

describe('time zones are stored canonically', () => {
  it('resolves case and aliases to the canonical IANA name', () => {
    expect(isIanaTimeZone('europe/paris')).toBe(true);
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
  });

  it('stores the canonical name on a tenant', () => {
    const tenant = newTenant({ slug: 'zone', name: 'Zone', timezone: 'europe/paris' }, { id: 'ten_x', now: 1 });
    expect(tenant.timezone).toBe('Europe/Paris');
  });
});
