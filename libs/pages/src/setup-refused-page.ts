import { html } from '@svc/html';
import type { PageAssets } from './bundle.js';
import { renderPage } from './layout.js';

const NEUTRAL = { name: 'Booking platform', branding: { displayName: '', logoUrl: '', primaryColor: '', accentColor: '' } };

const SIGN_IN = html`Sign in with a one-time link:
  <code>npm run --silent admin -- session:link --tenant &lt;slug&gt; --email &lt;you&gt;</code>
  prints one.`;

/** What the operator reads, by the reason the identity service gave (docs/decisions.md "First start"). */
const SENTENCES: Record<string, { title: string; body: ReturnType<typeof html> }> = {
  unknown: {
    title: 'This setup link is not valid',
    body: html`<p>It may be mistyped or cut short, or the platform printed a newer link when it started again: each
        start prints a new one while no workspace exists, and only the newest works.</p>
      <p>Use the link of the platform's last start, or restart it (<code>npm start</code>) to print a new one.</p>`,
  },
  used: {
    title: 'This setup link was used already',
    body: html`<p>The workspace it set up is open. ${SIGN_IN}</p>`,
  },
  workspace_exists: {
    title: 'This platform is set up already',
    body: html`<p>A workspace exists, so there is nothing to set up. ${SIGN_IN}</p>`,
  },
  in_progress: {
    title: 'The setup is being completed',
    body: html`<p>Another request is completing this setup right now. Wait a moment, then open the dashboard.</p>`,
  },
};

/**
 * GET /setup with a token that cannot open the first workspace: why, and what to do instead,
 * as a page (never the JSON error) in the platform's neutral look.
 */
export function renderSetupRefusedPage(refusal: string, assets: PageAssets, nonce: string): string {
  const sentence = SENTENCES[refusal] ?? SENTENCES.unknown!;
  return renderPage({
    title: sentence.title,
    nonce,
    assets,
    tenant: NEUTRAL,
    body: html`<h1 id="setup-refused" data-refusal="${refusal}">${sentence.title}</h1>
      ${sentence.body}
      <p><a href="/dashboard">Open the dashboard</a> · <a href="/">The platform's front page</a></p>`,
  });
}
