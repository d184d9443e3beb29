import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { renderSetupRefusedPage, type PageAssets } from '@svc/pages';
import { setupChangeContext } from '../../audit/change-context.js';
import { looksLikeSessionToken, sessionCookie } from '../../auth/cookies.js';
import { prefersHtml } from '../../http/negotiate.js';
import { sendPage, setPageHeaders } from '../../http/page-headers.js';
import { defineRoute } from '../../http/route.js';
import type { GatewayIdentity } from '../../identity/identity-client.js';
import { perIp } from '../../limits/rate-limits.js';
import { ascending, int, minuteOfDaySchema } from '../../api/field-schemas.js';
import { createPriceRule, serviceFieldsShape as fields } from '../../api/service-records.js';
import { newTenantSchema } from '../../api/tenant-records.js';

/** What each refusal of the identity service means to a caller of the JSON route. */
const REFUSALS: Record<string, string> = {
  unknown: 'This setup link is not valid: it is mistyped, or a later start printed a newer one.',
  used: 'This setup link was used already: the workspace is open; sign in instead.',
  workspace_exists: 'A workspace exists already: there is nothing to set up; sign in instead.',
  in_progress: 'Another request is completing this setup right now; open the dashboard in a moment.',
};
const refused = (refusal: string) => new DomainError('AUTH_REQUIRED', REFUSALS[refusal] ?? REFUSALS.unknown!);

const tokenSchema = z.string().max(128);

/** A price is both halves or neither, as the catalog has it (checked here, before anything is made). */
const priceHalves = (v: { priceAmount?: number | undefined; priceCurrency?: string | undefined }, ctx: z.RefinementCtx) => {
  const amount = v.priceAmount !== undefined;
  const currency = v.priceCurrency !== undefined && v.priceCurrency !== '';
  if (amount && !currency) ctx.addIssue({ code: 'custom', path: ['priceCurrency'], message: 'is required with priceAmount' });
  if (currency && !amount) ctx.addIssue({ code: 'custom', path: ['priceAmount'], message: 'is required with priceCurrency' });
};
const setupBody = z
  .strictObject({
    token: tokenSchema.describe('The token of the setup link the platform printed.'),
    tenant: newTenantSchema.describe('The workspace and its owner, as the platform API opens a tenant.'),
    service: z
      .strictObject({
        name: fields.name,
        durationMin: fields.durationMin,
        priceAmount: fields.priceAmount.optional(),
        priceCurrency: fields.priceCurrency.optional(),
        confirmation: fields.confirmation,
      })
      .superRefine(priceHalves)
      // The same rule in the document's terms, so a schema-valid body never meets it.
      .meta(createPriceRule)
      .describe('The first service; a price needs both priceAmount and priceCurrency.'),
    hours: z
      .array(
        z
          .strictObject({
            weekday: int(0, 6).describe('0 = Sunday … 6 = Saturday.'),
            startMinute: minuteOfDaySchema,
            endMinute: minuteOfDaySchema,
          })
          .superRefine(ascending('startMinute', 'endMinute', 'startMinute must be less than endMinute.')),
      )
      .max(7 * 4)
      .describe('The workspace’s weekly hours in its time zone: a period per entry, several per day allowed.'),
  })
  .describe('The setup wizard: the first workspace, its first service and the weekly hours.');

const openedSchema = z.object({
  tenantId: z.string(),
  slug: z.string(),
  bookingPageUrl: z.string().describe('The workspace’s public booking page, /book/{slug}.'),
  next: z.string().describe('Where the wizard sends the browser: the dashboard’s welcome.'),
});

/**
 * The first start's setup (docs/decisions.md "First start"): GET /setup?token=… serves the
 * wizard (apps/web `setup.html`) while the token can open the first workspace, else a page
 * saying why; POST /setup opens it through identity.v1 CompleteSetup and signs the owner in.
 * The token is in the query and the body, never in a log line (loggable-path.ts logs no query).
 */
export function registerSetupRoutes(
  app: FastifyInstance,
  deps: { identity: GatewayIdentity; wizard: string; assets: PageAssets },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/setup',
    summary: 'The setup wizard of a new platform (HTML)',
    description:
      'Opened from the one-time link the platform prints on its first start (or `admin setup:link`). A token that ' +
      'cannot open the first workspace (unknown, used, or a workspace exists) is AUTH_REQUIRED, as a page saying ' +
      'why and what to do when Accept prefers text/html.',
    tags: ['setup'],
    querystring: z.object({ token: tokenSchema.optional() }),
    // Guessing tokens costs a login's budget.
    limits: [perIp('login')],
    produces: 'text/html',
    response: z.string(),
    handler: async ({ query }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = query.token ?? '';
      const refusal = looksLikeSessionToken(token) ? await deps.identity.checkSetupLink(token) : 'unknown';
      if (refusal === null) {
        // No nonce: the wizard, like the dashboard, has no inline script or style.
        setPageHeaders(reply, null);
        return deps.wizard;
      }
      if (!prefersHtml(request)) throw refused(refusal);
      reply.code(401);
      return sendPage(reply, (nonce) => renderSetupRefusedPage(refusal, deps.assets, nonce));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/setup',
    summary: 'Complete the setup: open the first workspace and sign its owner in',
    description:
      'Opens the workspace with its owner (tenant_owner), a staff member for the owner, the first service and the ' +
      'workspace’s weekly hours, uses the setup token up and sets the dashboard session cookie. A token that cannot open it is ' +
      'AUTH_REQUIRED and nothing is written. A setup stopped half way (an outage) is resumed by the next submit ' +
      'with the same token, keeping what was made. Each `hours` entry has `startMinute` < `endMinute` (else ' +
      'VALIDATION_ERROR at its `startMinute`).',
    tags: ['setup'],
    status: 201,
    body: setupBody,
    limits: [perIp('login')],
    response: openedSchema,
    handler: async ({ body }, request, reply) => {
      reply.header('cache-control', 'no-store');
      // Checked before the audit record: a refused token changes nothing and leaves no record.
      const refusal = looksLikeSessionToken(body.token) ? await deps.identity.checkSetupLink(body.token) : 'unknown';
      if (refusal !== null) throw refused(refusal);
      const { tenant, service } = body;
      const complete = () => deps.identity.completeSetup({
        token: body.token,
        slug: tenant.slug,
        name: tenant.name,
        timezone: tenant.timezone,
        locale: tenant.locale ?? '',
        ownerEmail: tenant.ownerEmail,
        serviceName: service.name,
        durationMin: service.durationMin,
        priceAmount: service.priceAmount,
        priceCurrency: service.priceCurrency || undefined,
        confirmation: service.confirmation,
        hours: body.hours,
      });
      const opened = await app.auditLog.record(setupChangeContext(request), 'completeSetup', [], async () => {
        const made = await complete();
        if ('refusal' in made) throw refused(made.refusal);
        return made;
      });
      const session = await deps.identity.createSession(opened.ownerUserId, opened.tenantId);
      reply.header('set-cookie', sessionCookie(session.token, session.expiresAtMs));
      return {
        tenantId: opened.tenantId,
        slug: opened.slug,
        bookingPageUrl: `/book/${opened.slug}`,
        next: '/dashboard#/welcome',
      };
    },
  });
}
