import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answeringOutagesWith, bookingUnavailable } from '@svc/errors';
import type { BookingClient } from '@svc/grpc';
import { idSchema } from '@svc/rules';
import { errorEnvelope } from '../../http/envelope.js';
import { errorResponsesOf } from '../../http/operation-docs.js';
import { perIp } from '../../limits/rate-limits.js';
import { present } from '../../api/present.js';
import { manageLinkOf, type ManageLinks } from '../../api/public-links.js';

/** The path Stripe sends a customer back to (api/public-links.ts `paymentReturnUrl`). */
export const PAYMENT_RETURN_PATH = '/pay/:tenantId/:returnKey';

/**
 * A booking's return key as the booking service makes it (24 random bytes, base64url); the bound
 * leaves room for a longer one and keeps an absurd path out of the booking service.
 */
const RETURN_KEY = /^[A-Za-z0-9_-]{16,128}$/;

const params = z.strictObject({
  tenantId: idSchema.describe('The tenant of the booking (ten_…).'),
  returnKey: z
    .string()
    .regex(RETURN_KEY, 'not a payment return key')
    .describe("The booking's secret return key, which only Stripe's checkout and the booking service know."),
});

/** A 303 answer: no body, a Location (documented in /openapi.json as the login's redirects are). */
const seeOther = z.null().meta({
  description: "To the booking's manage page (`/booking/manage/{token}`), which shows where it and its payment stand.",
  headers: { location: { type: 'string', description: "The customer's manage link of the booking." } },
});

const RETURN_DESCRIPTION =
  'Stripe sends the customer here after paying, or after leaving its page without paying (the same URL ' +
  'for both). Confirms the held booking when its checkout is paid (actor system, event booking.confirmed; ' +
  'the booking service does the same on its own within seconds, so a closed tab loses nothing), then ' +
  'redirects to the manage page. Idempotent: a second visit, or two at once, confirm once and record ' +
  'one payment. Unknown key NOT_FOUND 404, the booking service unreachable BOOKING_POLICY_BLOCKED 503 ' +
  '(pages when Accept prefers text/html). Limited per client address as the manage link is.\n\n' +
  "**Auth:** the payment's return key in the path; no cookie is read.";

/**
 * GET /pay/{tenantId}/{returnKey}: where Stripe's checkout sends the customer back, paid or not
 * (docs/decisions.md "Payments"). The booking service looks at the checkout and confirms the held
 * booking (actor system) when it is paid; either way the customer lands on the booking's manage
 * page, whose link is minted here as the create minted it. The key is a credential in the path:
 * logs and spans name the route's template, never the path (http/loggable-path.ts), and no
 * answer is cached (http/response-headers.ts) or sent on as a referrer.
 */
export function registerPaymentReturnRoute(app: FastifyInstance, booking: BookingClient, links: ManageLinks): void {
  app.get(
    PAYMENT_RETURN_PATH,
    {
      // Per client network before any work, as the manage link's routes (docs/decisions.md "Rate and abuse limits").
      onRequest: async (request, reply) => app.rateLimits.enforce(request, reply, [perIp('manage')]),
      // A browser arrives here: its errors are pages (routes/pages/index.ts errorPageFor).
      config: { page: true },
      schema: {
        summary: "The customer's way back from Stripe's checkout: redirects (303) to the booking's manage page",
        description: RETURN_DESCRIPTION,
        tags: ['public booking'],
        security: [],
        params,
        response: {
          303: seeOther,
          404: errorEnvelope.describe('NOT_FOUND: no booking of this tenant has this return key.'),
          503: errorEnvelope.describe('BOOKING_POLICY_BLOCKED: the booking service could not be reached; retry.'),
          ...errorResponsesOf({ access: 'public', guard: {}, limited: true, params: true, description: RETURN_DESCRIPTION }),
        },
      },
    },
    async (request, reply) => {
      const { tenantId, returnKey } = request.params as z.output<typeof params>;
      const answer = await answeringOutagesWith(bookingUnavailable, () =>
        booking.completePaymentReturn({ tenantId, returnKey }),
      );
      const { manageUrl } = manageLinkOf(links, present(answer.booking, 'booking'));
      // The Location is the customer's manage link: no page after it learns it (no cache keeps
      // it either: http/response-headers.ts, as on every /pay/ answer).
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(manageUrl, 303);
    },
  );
}
