import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX, embedOriginsSchema, normalizeEmbedOrigins, parseEmbedOrigin } from '../src/index.js';

const originOf = (value: string) => {
  const parsed = parseEmbedOrigin(value);
  return 'origin' in parsed ? parsed.origin : `problem: ${parsed.problem}`;
};

describe('an embed origin', () => {
  it('is normalized as browsers compare origins', () => {
    expect(originOf('https://www.example.com')).toBe('https://www.example.com');
    expect(originOf('HTTPS://WWW.Example.COM:443/')).toBe('https://www.example.com');
    expect(originOf('https://shop.example.com:8443')).toBe('https://shop.example.com:8443');
    // Other scripts in punycode, as the OpenAPI pattern states: the form a CSP source names.
    expect(originOf('https://xn--bcher-kva.example')).toBe('https://xn--bcher-kva.example');
    expect(originOf('https://bücher.example')).toMatch(/^problem: /);
    expect(originOf('https://203.0.113.7')).toBe('https://203.0.113.7');
  });

  it('takes http only for a loopback host', () => {
    expect(originOf('http://127.0.0.2:4100')).toBe('http://127.0.0.2:4100');
    expect(originOf('http://localhost:3000/')).toBe('http://localhost:3000');
    for (const bad of ['http://www.example.com', 'http://10.0.0.1:8080', 'http://[::1]:3000']) {
      expect(originOf(bad)).toMatch(/^problem: /);
    }
  });

  it('refuses paths, queries, fragments, credentials, wildcards, IPv6 and other schemes', () => {
    for (const bad of [
      'https://www.example.com/book',
      'https://www.example.com/?a=1',
      'https://www.example.com?',
      'https://www.example.com#top',
      'https://user:pw@www.example.com',
      'https://*.example.com',
      'https://[2001:db8::1]',
      'https://ex_ample.com',
      'https://a;b.example.com',
      'ftp://www.example.com',
      'javascript:alert(1)',
      'www.example.com',
      '',
      `https://${'a'.repeat(300)}.com`,
    ]) {
      expect(originOf(bad), bad).toMatch(/^problem: /);
    }
  });
});

describe('a list of embed origins', () => {
  it('is normalized and deduplicated, first occurrence kept', () => {
    expect(
      normalizeEmbedOrigins(['https://b.example', 'https://A.example/', 'https://b.example:443', 'https://a.example']),
    ).toEqual({ origins: ['https://b.example', 'https://a.example'] });
    expect(normalizeEmbedOrigins([])).toEqual({ origins: [] });
  });

  it('says which entries are wrong, and refuses more than the maximum', () => {
    expect(normalizeEmbedOrigins(['https://ok.example', 'http://bad.example', 'nope'])).toEqual({
      violations: [
        { index: 1, message: expect.stringMatching(/https/) },
        { index: 2, message: expect.stringMatching(/origin/) },
      ],
    });
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`);
    expect(normalizeEmbedOrigins(many)).toEqual({ violations: [{ message: expect.stringMatching(/at most 20/) }] });
    expect(normalizeEmbedOrigins(many.slice(1))).toMatchObject({ origins: many.slice(1) });
  });

  it('has a zod schema with the same rule, an issue per bad entry', () => {
    const result = embedOriginsSchema.safeParse(['https://ok.example', 'https://x.example/path']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path)).toEqual([[1]]);
    expect(embedOriginsSchema.safeParse(['http://127.0.0.1:8080']).success).toBe(true);
  });
});
