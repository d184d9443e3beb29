// The markup helpers every page and email uses: the WCAG contrast check with its fallback, and
// HTML escaping.
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  escapeHtml,
  html,
  jsonForScript,
  parseHex,
  SAFE_ACCENT,
  SAFE_PRIMARY,
  textOn,
  themeOf,
} from '../src/index.js';

describe('contrast', () => {
  it('computes the WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The well-known borderline greys: #767676 passes AA on white, #777777 does not.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#0000FF', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('parses only #rrggbb', () => {
    expect(parseHex('#0f766e')).toEqual([15, 118, 110]);
    expect(parseHex('#fff')).toBeNull();
    expect(parseHex('red')).toBeNull();
    expect(() => contrastRatio('red', '#ffffff')).toThrow();
  });

  it('labels a color with white or dark text, whichever reads better', () => {
    expect(textOn('#1d4ed8')).toBe('#ffffff');
    expect(textOn('#facc15')).toBe('#1f2328');
  });

  it('keeps a readable tenant color and replaces an unreadable one with the safe color', () => {
    expect(themeOf({ primaryColor: '#0F766E', accentColor: '#9a3412' })).toEqual({
      primary: '#0f766e',
      onPrimary: '#ffffff',
      accent: '#9a3412',
      replaced: [],
    });
    const pale = themeOf({ primaryColor: '#ffff00', accentColor: '#eeeeee' });
    expect(pale).toMatchObject({
      primary: SAFE_PRIMARY,
      accent: SAFE_ACCENT,
      replaced: ['primaryColor', 'accentColor'],
    });
    // A mid tone is readable neither on white nor under a label of its own.
    expect(themeOf({ primaryColor: '#808080', accentColor: '' })).toMatchObject({
      primary: SAFE_PRIMARY,
      replaced: ['primaryColor'],
    });
    expect(themeOf({ primaryColor: '', accentColor: '' })).toMatchObject({
      primary: SAFE_PRIMARY,
      accent: SAFE_ACCENT,
      replaced: [],
    });
  });

  it('has safe colors that pass the check themselves', () => {
    for (const safe of [SAFE_PRIMARY, SAFE_ACCENT]) {
      expect(contrastRatio(safe, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(safe, textOn(safe))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('html', () => {
  it('escapes interpolated text and passes nested html through', () => {
    const name = `<img src=x onerror="alert(1)">&'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;</p>',
    );
    const items = ['a<', 'b'].map((x) => html`<li>${x}</li>`);
    // Not called `html` here: prettier would reformat the markup inside the template.
    const tag = html;
    expect(tag`<ul>${items}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
    expect(escapeHtml('"')).toBe('&quot;');
  });

  it('keeps JSON for the page script from closing its element', () => {
    const out = jsonForScript({ name: '</script><script>alert(1)</script>', sep: '\u2028' }).value;
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>', sep: '\u2028' });
  });
});
