import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isBlank, NOT_BLANK_MESSAGE, NOT_BLANK_PATTERN, trimmedTextSchema } from '../src/index.js';

describe('trimmed text (docs/api-conventions.md "Input rules")', () => {
  it('counts as whitespace exactly what String.prototype.trim removes, for every UTF-16 code unit', () => {
    const disagree: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (isBlank(c) !== (c.trim() === '')) disagree.push(code.toString(16));
    }
    expect(disagree).toEqual([]);
  });

  it('refuses blank required text, whatever whitespace it is made of, and stores it trimmed', () => {
    const name = trimmedTextSchema(10, { required: true });
    for (const blank of ['', ' ', '   ', '\t\n', '\u00a0\u2003', '\ufeff', '\u3000 ']) {
      const result = name.safeParse(blank);
      expect(result.success, JSON.stringify(blank)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NOT_BLANK_MESSAGE);
    }
    expect(name.parse('  Ann \u00a0')).toBe('Ann');
    // A character Python's \s has but trim() keeps is text.
    expect(name.parse('\u001c')).toBe('\u001c');
  });

  it('counts the length as sent, so the document’s maxLength is the whole rule', () => {
    const name = trimmedTextSchema(5, { required: true });
    expect(name.parse('12345')).toBe('12345');
    expect(name.safeParse(' 12345').success).toBe(false);
    expect(name.safeParse('123456').error?.issues[0]?.message).toBe('must be at most 5 characters');
  });

  it('lets optional text be blank, which means none', () => {
    expect(trimmedTextSchema(5).parse('   ')).toBe('');
    expect(trimmedTextSchema(5).parse(' ab ')).toBe('ab');
  });

  it('states the rule in the document: maxLength and the not-blank pattern', () => {
    expect(z.toJSONSchema(trimmedTextSchema(200, { required: true }), { io: 'input' })).toMatchObject({
      type: 'string',
      maxLength: 200,
      pattern: NOT_BLANK_PATTERN.source,
    });
    expect(z.toJSONSchema(trimmedTextSchema(200), { io: 'input' })).not.toHaveProperty('pattern');
  });
});
