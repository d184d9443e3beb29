import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UNSUBSCRIBE_TOKEN_PREFIX } from '@svc/crypto';
import { serviceUnavailable } from '@svc/errors';
import type { NotificationClient } from '@svc/grpc';
import { defineRoute } from '../../http/route.js';
import { perIp } from '../../limits/rate-limits.js';
import { renderUnsubscribePage, type PageAssets } from '@svc/pages';
import { sendPage } from '../../http/page-headers.js';

const TAGS = ['notifications'];
/** The unsubscribe link shares the manage link's per-IP budget (docs/decisions.md "Rate and abuse limits"). */
const LIMITS = [perIp('manage')];

const tokenParams = z.strictObject({
  token: z
    .string()
    .regex(new RegExp(`^${UNSUBSCRIBE_TOKEN_PREFIX}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`))
    .describe('The signed token of the link (it names the tenant and the customer); a forged one is NOT_FOUND.'),
});

const viewSchema = z.object({
  tenantName: z.string(),
  unsubscribed: z.boolean().describe('Whether the customer gets no more reminders from this tenant.'),
});

/** RFC 8058's one-click body, as a mail program (or the page's button) posts it. */
const oneClickBody = z
  .strictObject({ 'List-Unsubscribe': z.literal('One-Click') })
  .optional()
  .describe('`List-Unsubscribe=One-Click` (form-encoded, RFC 8058), `{}` or no body.');

/**
 * /notifications/unsubscribe/{token} (docs/decisions.md "Notifications"): the link in every
 * reminder and its List-Unsubscribe header. GET only shows whom the link names (link scanners
 * follow GETs); POST unsubscribes at once, the one-click a mail program sends
 * (`List-Unsubscribe-Post`) or the page's button. The notifications service checks the token.
 * Form-encoded bodies are taken here only, in a scope of their own.
 */
export async function registerUnsubscribeRoutes(
  app: FastifyInstance,
  client: NotificationClient | null,
  assets: PageAssets,
): Promise<void> {
  const unsubscribe = (token: string, confirm: boolean) => {
    if (!client) throw serviceUnavailable();
    return client.unsubscribe({ token, confirm });
  };
  const page = (data: z.input<typeof viewSchema>, _request: unknown, reply: Parameters<typeof sendPage>[0]) =>
    sendPage(reply, (nonce) => renderUnsubscribePage(data, assets, nonce));

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    defineRoute(scope, {
      method: 'GET',
      url: '/notifications/unsubscribe/:token',
      summary: 'Whom an unsubscribe link names (changes nothing)',
      tags: TAGS,
      limits: LIMITS,
      params: tokenParams,
      response: viewSchema,
      html: page,
      handler: async ({ params }) => {
        const res = await unsubscribe(params.token, false);
        return { tenantName: res.tenantName, unsubscribed: res.unsubscribed };
      },
    });

    defineRoute(scope, {
      method: 'POST',
      url: '/notifications/unsubscribe/:token',
      summary: "Stop the customer's reminders (one-click unsubscribe, RFC 8058)",
      description: 'Honoured at once: a reminder not yet sent is not sent. Doing it again changes nothing.',
      tags: TAGS,
      limits: LIMITS,
      params: tokenParams,
      body: oneClickBody,
      response: viewSchema,
      html: page,
      handler: async ({ params }) => {
        const res = await unsubscribe(params.token, true);
        return { tenantName: res.tenantName, unsubscribed: res.unsubscribed };
      },
    });
  });
}
