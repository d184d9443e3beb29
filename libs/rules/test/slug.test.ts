import { describe, expect, it } from 'vitest';
import { isSlug } from '../src/slug.js';
import { slugFrom } from '../src/slug-from.js';

describe('slugFrom', () => {
  it.each([
    ['Acme Dental', 'acme-dental'],
    ['  Zahnarztpraxis Müller & Söhne  ', 'zahnarztpraxis-muller-sohne'],
    ['Café 24/7!', 'cafe-24-7'],
    ['--Já--', 'ja'],
    ['日本語', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugFrom(name)).toBe(slug);
  });

  it('is a slug or empty, whatever the name', () => {
    for (const name of ['a'.repeat(200), `${'b'.repeat(62)}-c`, '9 lives', '!!', 'x-'.repeat(40)]) {
      const slug = slugFrom(name);
      expect(slug === '' || isSlug(slug), `${name} → ${slug}`).toBe(true);
      expect(slug.endsWith('-')).toBe(false);
    }
  });
});
