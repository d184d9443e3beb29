import { manageUrl, mintManageToken, type ManageTokenKeys } from '@svc/crypto';
import type { bookingV1 } from '@svc/proto';

/** What the links a customer is sent are made of: the public base URL and the manage-token keys. */
export interface ManageLinks {
  baseUrl: string;
  manageTokens: ManageTokenKeys;
}

/**
 * The customer's manage link of a booking (docs/decisions.md "Manage token"), minted from its
 * immutable fields (iat = creation time), so every mint for the same booking is the same token:
 * a create's replay and the way back from Stripe's checkout give the customer the same link.
 */
export function manageLinkOf(
  links: ManageLinks,
  b: Pick<bookingV1.Booking, 'tenantId' | 'bookingId' | 'customerId' | 'createdAtMs'>,
): { manageToken: string; manageUrl: string } {
  const manageToken = mintManageToken(
    links.manageTokens,
    { tenantId: b.tenantId, bookingId: b.bookingId, customerId: b.customerId },
    b.createdAtMs,
  );
  return { manageToken, manageUrl: manageUrl(links.baseUrl, manageToken) };
}

/** Where Stripe sends the customer back to (routes/public/payment-return-route.ts); the booking service puts the key at `{KEY}`. */
export const paymentReturnUrl = (baseUrl: string, tenantId: string): string => `${baseUrl}/pay/${tenantId}/{KEY}`;
