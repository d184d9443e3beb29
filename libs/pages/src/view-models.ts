// What the pages render, as plain data: the server that serves them maps its own answers (the
// gateway: the catalog's and booking service's) to these, and nothing here knows where they come
// from (docs/architecture.md "Web UI").
import type { BookingStatus, NoShowCharge, PaymentTerms, Question } from '@svc/rules';

/** What a page needs of a tenant to wear its look. */
export interface TenantLook {
  name: string;
  branding: { displayName: string; logoUrl: string; primaryColor: string; accentColor: string };
}

/** A service as the booking page offers it (the `/config` answer's). */
export interface BookingPageService extends PaymentTerms {
  slug: string;
  name: string;
  description: string;
  durationMin: number;
  price: { amount: number; currency: string } | null;
  cancelCutoffMin: number;
  rescheduleCutoffMin: number;
  maxAdvanceDays: number;
  seats: number;
  maxPartySize: number;
  questions: Question[];
  /** Whom the customer may choose; empty when the service books its whole team together. */
  staff: Array<{ staffId: string; displayName: string }>;
}

/** The booking page: the tenant and its active services. */
export interface BookingPageView {
  tenant: TenantLook & {
    slug: string;
    timezone: string;
    locale: string;
    branding: TenantLook['branding'] & { embedOrigins: string[] };
  };
  services: BookingPageService[];
}

/** A paid booking's money (docs/decisions.md "Payments"), amounts in minor units of `currency`. */
export interface PagePayment {
  policy: 'deposit' | 'full';
  priceAmount: number;
  currency: string;
  amountDue: number;
  state: 'awaiting' | 'paid' | 'paid_outside' | 'unpaid';
  checkoutUrl: string | null;
  refundAfterCutoffPercent: number;
  noShowCharge: NoShowCharge;
  noShowFeeAmount: number;
  netPaid: number;
  records: Array<{
    kind: 'charge' | 'outside' | 'refund' | 'no_show_fee';
    amount: number;
    currency: string;
    status: string;
    providerId: string | null;
    atMs: number;
    actor: string;
  }>;
}

/** What the manage page shows of a booking. */
export interface PageBooking {
  bookingId: string;
  status: BookingStatus;
  startsAtMs: number;
  holdExpiresAtMs: number | null;
  cancelReason: string | null;
  partySize: number;
  payment: PagePayment | null;
}

/** A refusal of a change, as the booking service gives it (`cutoff` is the one the page states). */
export interface ChangeRefusal {
  reason: string;
  message: string;
}

export interface ManagePageInput {
  token: string;
  view: {
    booking: PageBooking;
    service: { slug: string; name: string; maxAdvanceDays: number };
    tenant: { slug: string; timezone: string };
    /** The video meeting's join link while it exists. */
    meetingUrl: string | null;
    actions: {
      canCancel: boolean;
      canReschedule: boolean;
      cancelUntilMs: number | null;
      rescheduleUntilMs: number | null;
      cancelRefusal: ChangeRefusal | null;
      rescheduleRefusal: ChangeRefusal | null;
      /** What cancelling now would refund of a paid booking; null when it cannot be cancelled or has no payment. */
      cancelRefundAmount: number | null;
    };
  };
  tenant: TenantLook & { locale: string };
  /** The change the page just made (its script reloads it with `?done=`). */
  done?: string;
  /** Now: a hold that has run out is shown as expired. */
  nowMs: number;
}

/** The unsubscribe link's page: whom it names and whether they are unsubscribed now. */
export interface UnsubscribePageView {
  tenantName: string;
  unsubscribed: boolean;
}

/** A page's error: its code (the sentence is the code's) and the request id to quote. */
export interface ErrorPageView {
  code: string;
  requestId: string;
}

/** A service's answer to its gRPC Health check, as GET /health reports it. */
export type ServiceState = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';

/**
 * The front door (GET /, docs/decisions.md "Front door and API reference"): what runs, the state
 * of each service behind the gateway, and where to go. It names no tenant.
 */
export interface FrontDoorView {
  name: string;
  /** The deployment profile, when the gateway knows it. */
  profile: 'embedded' | 'distributed' | null;
  /** The version of the HTTP API (the OpenAPI document's `info.version`). */
  apiVersion: string;
  /** `ok` when every service serves, else `degraded`. */
  status: 'ok' | 'degraded';
  /** By service name, in the order GET /health lists them. */
  services: Record<string, ServiceState>;
  links: Array<{ rel: string; href: string; title: string; description: string }>;
  /** The operator's guide: a file of the platform's source repository, which the platform does not serve. */
  operationsGuide: { repositoryPath: string; description: string };
}
