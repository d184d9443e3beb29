// What the pages tell a customer about an API error (docs/api-conventions.md error codes), pure.

export interface ApiError {
  code: string;
  message: string;
  details?: Array<{ path: string; message: string }>;
}

export interface Explained {
  /** A sentence for the customer. */
  text: string;
  /** The form fields the error is about (their `name`), to mark them. */
  fields: string[];
  /** The chosen time is gone: reload the day's slots. */
  refreshSlots: boolean;
}

/** Form field of a create body's path (`customer.primaryEmail` → `email`). */
const FIELDS: Record<string, string> = {
  'customer.name': 'name',
  'customer.primaryEmail': 'email',
  'customer.phone': 'phone',
  customer: 'email',
  notes: 'notes',
  startsAtMs: 'slot',
  partySize: 'partySize',
};

/** The form field of a path: the customer's details by name, an answer by its `answers.<key>`. */
const fieldOf = (path: string): string | undefined => {
  const inBody = path.replace(/^body\./, '');
  return FIELDS[inBody] ?? (/^answers\.[a-z][a-z0-9_]*$/.test(inBody) ? inBody : undefined);
};

/** `labels`: what to call fields beyond the customer's details (the questions, by `answers.<key>`). */
export function explain(error: ApiError, labels: Readonly<Record<string, string>> = {}): Explained {
  const none = { fields: [], refreshSlots: false };
  switch (error.code) {
    case 'BOOKING_SLOT_UNAVAILABLE':
      return {
        text: 'Sorry, that time was just taken. Please pick another time; the free times of the day are shown again.',
        fields: ['slot'],
        refreshSlots: true,
      };
    case 'VALIDATION_ERROR': {
      const fields = [...new Set((error.details ?? []).map((d) => fieldOf(d.path)).filter((f) => f !== undefined))];
      // The customer service's CONTACT_REQUIRED_MESSAGE (@svc/rules).
      const contact = (error.details ?? []).some((d) => /email address or a phone number/.test(d.message));
      const text = contact
        ? 'Please give an email address or a phone number.'
        : fields.length > 0
          ? `Please check ${fields.map((f) => labels[f] ?? LABELS[f] ?? f).join(', ')}.`
          : 'Please check your entries.';
      return { text, fields, refreshSlots: fields.includes('slot') };
    }
    case 'BOOKING_POLICY_BLOCKED':
      return {
        text: 'This booking cannot be changed now (it may have started, ended or been cancelled), or booking is briefly unavailable. Please reload the page.',
        ...none,
      };
    case 'RATE_LIMITED':
      return { text: 'Too many attempts from your connection. Please wait a minute and try again.', ...none };
    case 'SERVICE_INACTIVE':
      return { text: 'This service can no longer be booked online. Please reload the page.', ...none };
    case 'TENANT_INACTIVE':
      return { text: 'This business is not taking bookings at the moment.', ...none };
    case 'NOT_FOUND':
      return { text: 'This link or service is no longer available. Please reload the page.', ...none };
    case 'FORBIDDEN':
      return { text: 'This link does not allow that change.', ...none };
    // A paid service without the business's Stripe account (docs/decisions.md "Payments").
    case 'PROVIDER_NOT_CONNECTED':
      return { text: 'This service cannot be booked online right now. Please contact the business.', ...none };
    // Stripe, or a staff calendar, could not be reached: the create kept nothing.
    case 'PROVIDER_ACTION_FAILED':
      return {
        text: 'A service this booking needs could not be reached, so nothing was booked. Please try again in a moment.',
        ...none,
      };
    default:
      return { text: 'Something went wrong on our side. Please try again in a moment.', ...none };
  }
}

const LABELS: Record<string, string> = {
  name: 'your name',
  email: 'your email address',
  phone: 'your phone number',
  notes: 'the notes',
  slot: 'the time',
  partySize: 'the number of people',
};
