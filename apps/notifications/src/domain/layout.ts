/**
 * A message's text and HTML parts (docs/decisions.md "Notifications"): the same words in both, in
 * the tenant's branding. The HTML is a single table layout with inline styles (what mail clients
 * render); every tenant and customer text goes through the escaping `html` tag, and the brand
 * color is used only when text reads on it (the booking pages' WCAG rule, @svc/html).
 */
import { html, themeOf, type SafeHtml } from '@svc/html';
import type { LinkKind, MessageFacts } from './message.js';
import { wordsFor } from './templates.js';

export interface Branding {
  /** The tenant as customers know it. */
  displayName: string;
  logoUrl: string;
  primaryColor: string;
  accentColor: string;
}

export type Links = Partial<Record<LinkKind | 'unsubscribe', string>>;

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  /** The SMS text with its link, or null when the template has none. */
  sms: string | null;
}

/** Only https (or http, the embedded profile's) links of a tenant's logo are shown. */
const isWebUrl = (value: string): boolean => /^https?:\/\/[^\s"'<>]+$/.test(value);

export function renderMessage(facts: MessageFacts, branding: Branding, links: Links): RenderedMessage {
  const words = wordsFor(facts);
  const action = words.action && links[words.action.link] ? { ...words.action, url: links[words.action.link]! } : null;
  const unsubscribe =
    words.unsubscribe && links.unsubscribe ? { line: words.unsubscribe, url: links.unsubscribe } : null;
  const { meeting } = words;
  // The note that the link follows is a paragraph; the link stands on its own, after the details.
  const paragraphs = meeting && 'note' in meeting ? [...words.paragraphs, meeting.note] : words.paragraphs;
  const join = meeting && 'url' in meeting ? meeting : null;

  const text = [
    words.heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...words.details.map(([label, value]) => `${label}: ${value}`),
    ...(join ? ['', `${join.label}: ${join.url}`] : []),
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '-- ',
    words.footer,
    ...(unsubscribe ? [`${unsubscribe.line} ${unsubscribe.url}`] : []),
    '',
  ].join('\n');

  const theme = themeOf(branding);
  const logo = isWebUrl(branding.logoUrl)
    ? html`<img
        src="${branding.logoUrl}"
        alt=""
        height="32"
        style="height:32px;vertical-align:middle;margin-right:12px;border:0"
      />`
    : '';
  const body: SafeHtml = html`<!doctype html>
    <html lang="${facts.reader.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${words.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="560"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;width:100%;background:#ffffff;border-radius:8px"
              >
                <tr>
                  <td
                    style="background:${theme.primary};color:${theme.onPrimary};padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0"
                  >
                    ${logo}${branding.displayName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px">
                    <h1
                      style="margin:0 0 16px;font-size:20px;line-height:1.3;border-bottom:3px solid ${theme.accent};padding-bottom:8px"
                    >
                      ${words.heading}
                    </h1>
                    ${paragraphs.map((p) => html`<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${p}</p>`)}
                    <table
                      role="presentation"
                      cellpadding="0"
                      cellspacing="0"
                      style="margin:16px 0;font-size:15px;line-height:1.5"
                    >
                      ${words.details.map(
                        ([label, value]) =>
                          html`<tr>
                            <td style="padding:2px 16px 2px 0;color:#57606a;vertical-align:top">${label}</td>
                            <td style="padding:2px 0;font-weight:bold">${value}</td>
                          </tr>`,
                      )}
                    </table>
                    ${join ? html`<p style="margin:16px 0;font-size:15px;line-height:1.5"><strong>${join.label}:</strong> <a href="${join.url}" style="color:${theme.primary}">${join.url}</a></p>` : ''}
                    ${action ? html`<p style="margin:24px 0"><a href="${action.url}" style="display:inline-block;background:${theme.primary};color:${theme.onPrimary};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${action.label}</a></p>` : ''}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px;font-size:12px;line-height:1.5;color:#57606a;border-top:1px solid #e4e4e7"
                  >
                    ${words.footer}${unsubscribe ? html`<br />${unsubscribe.line} <a href="${unsubscribe.url}" style="color:#57606a">${unsubscribe.url}</a>` : ''}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  const meetingSms = join ? `${join.label}: ${join.url}` : meeting && 'sms' in meeting ? meeting.sms : null;
  const sms = words.sms === null ? null : [words.sms, meetingSms, action?.url].filter((part) => part != null).join(' ');
  return { subject: words.subject, text, html: body.value, sms };
}
