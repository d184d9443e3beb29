import { html, jsonForScript, themeOf, type SafeHtml } from '@svc/html';
import { scriptUrl, styleUrl, type PageAssets } from './bundle.js';
import type { TenantLook } from './view-models.js';

export interface PageFrame {
  title: string;
  nonce: string;
  assets: PageAssets;
  tenant: TenantLook;
  /** The page's module, its entry in vite.config.ts (none for a page without behaviour). */
  script?: string;
  /** Data for the script, in a JSON block (never executed). */
  data?: unknown;
  body: SafeHtml;
}

/**
 * The look of a page that wears no tenant's colors or logo (an error for an unknown tenant, the
 * front door): the default theme under `name`.
 */
export const neutralLook = (name: string): TenantLook => ({
  name,
  branding: { displayName: '', logoUrl: '', primaryColor: '', accentColor: '' },
});

/** The name a tenant shows customers: its display name, else its name. */
export const shownName = (tenant: TenantLook): string => tenant.branding.displayName || tenant.name;

/**
 * A whole page in the tenant's look: its colors as CSS custom properties (after the contrast
 * check) in the one nonce'd `<style>`, its logo loaded with no referrer, its name.
 */
export function renderPage(frame: PageFrame): string {
  const theme = themeOf(frame.tenant.branding);
  const name = shownName(frame.tenant);
  const logo = frame.tenant.branding.logoUrl;
  return `<!doctype html>\n${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <link rel="icon" href="data:," />
      <title>${frame.title} · ${name}</title>
      <link rel="stylesheet" href="${styleUrl(frame.assets, 'pages')}" />
      <style nonce="${frame.nonce}">
        :root {
          --brand-primary: ${theme.primary};
          --brand-on-primary: ${theme.onPrimary};
          --brand-accent: ${theme.accent};
        }
      </style>
      ${frame.script ? html`<script type="module" src="${scriptUrl(frame.assets, frame.script)}"></script>` : ''}
    </head>
    <body>
      <header class="brand">
        ${logo ? html`<img src="${logo}" alt="" referrerpolicy="no-referrer" />` : ''}
        <span class="brand-name">${name}</span>
      </header>
      <main id="main">${frame.body}</main>
      ${
        frame.data === undefined
          ? ''
          : html`<script type="application/json" id="page-data">
              ${jsonForScript(frame.data)}
            </script>`
      }
    </body>
  </html>`}\n`;
}
