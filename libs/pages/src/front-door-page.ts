import { html } from '@svc/html';
import type { PageAssets } from './bundle.js';
import { neutralLook, renderPage } from './layout.js';
import type { FrontDoorView, ServiceState } from './view-models.js';

const STATE_WORDS: Record<ServiceState, string> = {
  SERVING: 'Serving',
  NOT_SERVING: 'Down: not serving',
  UNREACHABLE: 'Down: unreachable',
};

/**
 * The front door (GET / for a browser; docs/decisions.md "Front door and API reference"): the
 * same facts as its JSON answer, in the platform's neutral look. No script: it is read, not used.
 */
export function renderFrontDoorPage(view: FrontDoorView, assets: PageAssets, nonce: string): string {
  const services = Object.entries(view.services);
  const down = services.filter(([, state]) => state !== 'SERVING').map(([name]) => name);
  const running = view.profile
    ? html`the booking platform, <strong id="profile">${view.profile}</strong> profile, API version
        <span id="api-version">${view.apiVersion}</span>.`
    : html`the booking platform, API version <span id="api-version">${view.apiVersion}</span>.`;
  return renderPage({
    title: 'Status and links',
    nonce,
    assets,
    tenant: neutralLook(view.name),
    body: html`<h1>${view.name}</h1>
      <p id="running">Running here: ${running}</p>
      <h2>Services</h2>
      <p id="overall" class="${down.length > 0 ? 'error' : ''}">
        ${down.length === 0
          ? 'Every service is serving.'
          : `Down: ${down.join(', ')}. The platform answers what it can without them.`}
      </p>
      <dl class="summary" id="services">
        ${services.map(
          ([name, state]) =>
            html`<dt>${name}</dt>
              <dd data-state="${state}" class="${state === 'SERVING' ? '' : 'error'}">${STATE_WORDS[state]}</dd>`,
        )}
      </dl>
      <h2>Where to go</h2>
      <ul id="links">
        ${view.links.map(
          (link) => html`<li><a href="${link.href}" data-rel="${link.rel}">${link.title}</a>: ${link.description}</li>`,
        )}
      </ul>
      <h2>Operating it</h2>
      <p id="operations-guide">
        <code>${view.operationsGuide.repositoryPath}</code> in the platform's source repository:
        ${view.operationsGuide.description}
      </p>`,
  });
}
