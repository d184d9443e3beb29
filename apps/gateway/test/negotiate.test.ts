// Accept negotiation of the page routes (http/negotiate.ts): a browser gets the page, anything
// else the JSON of the specification.

import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { prefersHtml } from '../src/http/negotiate.js';

describe('prefersHtml', () => {
  const asking = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } }) as FastifyRequest;
  it('answers HTML to a browser and JSON to everyone else', () => {
    expect(prefersHtml(asking('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'))).toBe(true);
    expect(prefersHtml(asking('text/html'))).toBe(true);
    expect(prefersHtml(asking())).toBe(false);
    expect(prefersHtml(asking('*/*'))).toBe(false);
    expect(prefersHtml(asking('application/json'))).toBe(false);
    expect(prefersHtml(asking('application/json, text/html'))).toBe(false);
    expect(prefersHtml(asking('text/html;q=0.5, application/json'))).toBe(false);
    expect(prefersHtml(asking('text/plain'))).toBe(false);
  });
});
