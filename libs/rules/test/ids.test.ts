import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ID_MAX_LENGTH, idSchema, isId, optionalIdSchema } from '../src/index.js';

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');

describe('the id rule', () => {
  it('takes every id the services mint (their ids.ts), many times over', () => {
    for (let i = 0; i < 200; i++) {
      const minted = [
        ...['ten_', 'svc_', 'stf_', 'res_', 'rul_', 'blk_', 'hol_', 'cus_', 'whs_', 'whd_', 'icn_'].map(
          (p) => p + b64(16),
        ),
        `bkg_${b64(15)}`,
        `evt_${Date.now().toString(36).padStart(9, '0')}${(i % 4096).toString(36).padStart(3, '0')}${b64(9)}`,
        ...['usr_', 'mem_', 'ses_', 'key_'].map((p) => p + randomUUID()),
      ];
      for (const id of minted) {
        expect(isId(id), id).toBe(true);
        expect(id.length).toBeLessThanOrEqual(ID_MAX_LENGTH);
      }
    }
  });

  it('refuses anything longer, another alphabet or another kind', () => {
    const refused = [
      '',
      'stf_',
      `stf_${'a'.repeat(61)}`,
      'x'.repeat(60_000),
      'stf',
      'st_abc',
      'staf_abc',
      'STF_abc',
      'stf_a/b',
      'stf_a b',
      'stf_a.b',
      'stf_é',
      ' stf_abc',
      'stf_abc\n',
    ];
    for (const value of refused) expect(isId(value), JSON.stringify(value)).toBe(false);
    expect(isId(`stf_${'a'.repeat(60)}`)).toBe(true);
  });

  it('as a schema: one message, also for a value far over the limit', () => {
    const issues = idSchema.safeParse('x'.repeat(60_000)).error?.issues ?? [];
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toMatch(/^must be an id/);
    expect(idSchema.safeParse('bkg_abc').success).toBe(true);
    // The optional form clears with '' and trims.
    expect(optionalIdSchema.parse('')).toBe('');
    expect(optionalIdSchema.parse(' usr_abc ')).toBe('usr_abc');
    expect(optionalIdSchema.safeParse('someone').success).toBe(false);
  });
});
