// The front door's page (GET / for a browser; docs/decisions.md "Front door and API reference"):
// what it says with and without a profile, a service down, and that it escapes what it is given.
import { describe, expect, it } from 'vitest';
import { renderFrontDoorPage, type FrontDoorView, type PageAssets } from '../src/index.js';

/** The one file the page names: its style sheet. */
const ASSETS: PageAssets = {
  version: 'v1',
  scripts: new Map(),
  styles: new Map([['pages.css', '']]),
  entries: new Map([['pages', 'pages.css']]),
  embed: '',
};

const VIEW: FrontDoorView = {
  name: 'Booking platform',
  profile: 'embedded',
  apiVersion: '1.0.0',
  status: 'degraded',
  services: { catalog: 'SERVING', booking: 'NOT_SERVING' },
  links: [{ rel: 'api-reference', href: '/docs', title: 'API reference', description: 'every <operation>.' }],
  operationsGuide: { repositoryPath: 'docs/operations.md', description: 'settings & deployment.' },
};

describe('renderFrontDoorPage', () => {
  it('says what runs, each state, where to go, with no script and the nonce on the theme only', () => {
    const page = renderFrontDoorPage(VIEW, ASSETS, 'n0nce');
    expect(page).not.toContain('<script');
    expect(page).toContain('<style nonce="n0nce">');
    expect(page).toContain('<link rel="stylesheet" href="/assets/v1/css/pages.css" />');
    expect(page).toContain('<strong id="profile">embedded</strong> profile');
    expect(page).toMatch(/<dd data-state="NOT_SERVING" class="error">Down: not serving<\/dd>/);
    expect(page).toContain('Down: booking. The platform answers what it can without them.');
    expect(page).toContain('<a href="/docs" data-rel="api-reference">API reference</a>: every &lt;operation&gt;.');
    expect(page).toContain('settings &amp; deployment.');
  });

  it('leaves the profile out when the gateway does not know it, and says when every service serves', () => {
    const page = renderFrontDoorPage(
      { ...VIEW, profile: null, status: 'ok', services: { catalog: 'SERVING' } },
      ASSETS,
      'n',
    );
    expect(page).not.toContain('id="profile"');
    expect(page).toContain('Every service is serving.');
  });
});
