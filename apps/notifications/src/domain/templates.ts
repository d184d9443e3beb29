/**
 * What each message says (docs/decisions.md "Notifications"), in every language the texts are
 * written in. Pure: the facts in, the words out; layout.ts makes the text and HTML parts of them.
 */
import type { NotificationTemplate } from '@svc/rules';
import { formatShort, formatTime, formatWhen, type Language } from './format.js';
import { NAMES_MEETING } from './meeting.js';
import type { MessageFacts, MessageWords, Words } from './message.js';
import { withPayment } from './payment-words.js';

export type Template = NotificationTemplate;

/**
 * What a customer's unsubscribe stops: reminders, the only messages not caused by something the
 * customer or the business just did. A confirmation or cancellation always goes out.
 */
export const SUPPRESSIBLE: ReadonlySet<Template> = new Set<Template>(['customer.reminder']);

/** The video meeting as a message shows it: its link with a label, or the note that it follows. */
export type MeetingWords = { label: string; url: string } | { note: string; sms: string };

interface Dictionary {
  when: string;
  now: string;
  service: string;
  staff: string;
  customer: string;
  contact: string;
  reference: string;
  footer: (business: string) => string;
  /** The manage link's labels by what it can do: both, cancel only, reschedule only, neither. */
  manageLabels: { both: string; cancel: string; reschedule: string; neither: string };
  requestLabels: { cancel: string; neither: string };
  /** The cut-off line; `reschedule`/`cancel` are the formatted instants of those still open. */
  changesUntil: (until: { reschedule: string | null; cancel: string | null }) => string;
  changesClosed: (business: string) => string;
  /** The video meeting: the link's label, and the note while the link is not there yet. */
  meeting: { label: string; follows: (business: string) => string; followsSms: string };
  words: Record<Template, (f: MessageFacts, w: Words) => MessageWords>;
}

const en: Dictionary = {
  when: 'When',
  now: 'Now',
  service: 'Service',
  staff: 'With',
  customer: 'Customer',
  contact: 'Contact',
  reference: 'Booking',
  footer: (business) => `Sent on behalf of ${business}. Reply to this email to reach ${business}.`,
  manageLabels: {
    both: 'View, reschedule or cancel',
    cancel: 'View or cancel',
    reschedule: 'View or reschedule',
    neither: 'View your booking',
  },
  requestLabels: { cancel: 'View or cancel your request', neither: 'View your request' },
  changesUntil: ({ reschedule, cancel }) => {
    if (reschedule !== null && reschedule === cancel) return `You can reschedule or cancel online until ${cancel}.`;
    if (reschedule !== null && cancel !== null) {
      return `You can reschedule online until ${reschedule} and cancel until ${cancel}.`;
    }
    return reschedule !== null
      ? `You can reschedule online until ${reschedule}.`
      : `You can cancel online until ${cancel}.`;
  },
  changesClosed: (business) => `It can no longer be changed online; to change it, please contact ${business}.`,
  meeting: {
    label: 'Join the video meeting',
    follows: (business) =>
      `The link to join the video meeting is not ready yet. We will send it to you as soon as it is; if it has not arrived shortly before the start, please contact ${business}.`,
    followsSms: 'The video meeting link will follow.',
  },
  words: {
    'customer.request_received': (f, w) => ({
      subject: `Request received: ${f.service} on ${w.short}`,
      heading: 'We have your request',
      paragraphs: [
        `Hello ${f.customerName}, ${f.business} has received your request for ${f.service} on ${w.when}.`,
        `It is not confirmed yet: ${f.business} confirms it by ${w.expiry}, and we will email you as soon as they do. If they do not, the request lapses and nothing is booked.`,
      ],
      details: [],
      action: { label: w.manageRequest, link: 'manage' },
      sms: `${f.business}: we have your request for ${f.service} on ${w.short}. You will hear from us once it is confirmed.`,
      unsubscribe: null,
    }),
    'customer.confirmed': (f, w) => ({
      subject: `Confirmed: ${f.service} on ${w.short}`,
      heading: 'Your booking is confirmed',
      paragraphs: [
        `Hello ${f.customerName}, your booking with ${f.business} is confirmed.`,
        'The attached calendar file adds it to your calendar.',
      ],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: your booking for ${f.service} on ${w.short} is confirmed.`,
      unsubscribe: null,
    }),
    'customer.rescheduled': (f, w) => ({
      subject: `Moved: ${f.service} is now on ${w.short}`,
      heading: 'Your booking has been moved',
      paragraphs: [
        `Hello ${f.customerName}, your booking for ${f.service} with ${f.business} has a new time.`,
        'The attached calendar file updates the event in your calendar.',
      ],
      details: [['Before', w.before]],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: your booking for ${f.service} has moved to ${w.short}.`,
      unsubscribe: null,
    }),
    'customer.cancelled': (f, w) => ({
      subject: `Cancelled: ${f.service} on ${w.short}`,
      heading: 'Your booking is cancelled',
      paragraphs: [
        f.cancelledBy === 'customer'
          ? `Hello ${f.customerName}, you cancelled your booking for ${f.service} with ${f.business} on ${w.when}.`
          : `Hello ${f.customerName}, ${f.business} has cancelled your booking for ${f.service} on ${w.when}.`,
        'Nothing is booked any more. You are welcome to book another time.',
      ],
      details: f.cancelledBy === 'business' && f.cancelReason ? [['Reason', f.cancelReason]] : [],
      action: { label: 'Book another time', link: 'bookAgain' },
      sms:
        f.cancelledBy === 'customer'
          ? `${f.business}: you cancelled ${f.service} on ${w.short}.`
          : `${f.business} has cancelled your booking for ${f.service} on ${w.short}.`,
      unsubscribe: null,
    }),
    'customer.hold_expired': (f, w) => ({
      subject: `Not confirmed: ${f.service} on ${w.short}`,
      heading: 'Your request was not confirmed',
      paragraphs: [
        `Hello ${f.customerName}, ${f.business} did not confirm your request for ${f.service} on ${w.when} in time, so it has lapsed and nothing is booked.`,
        'You are welcome to request another time.',
      ],
      details: [],
      action: { label: 'Book another time', link: 'bookAgain' },
      sms: `${f.business}: your request for ${f.service} on ${w.short} was not confirmed in time and has lapsed.`,
      unsubscribe: null,
    }),
    'customer.meeting_link': (f, w) => ({
      subject: `Video meeting link: ${f.service} on ${w.short}`,
      heading: 'Your video meeting link',
      paragraphs: [
        `Hello ${f.customerName}, the link to join your video meeting with ${f.business} is ready.`,
        'The attached calendar file adds it to the event in your calendar.',
      ],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: the link for ${f.service} on ${w.short} is ready.`,
      unsubscribe: null,
    }),
    'customer.reminder': (f, w) => ({
      subject: `Reminder: ${f.service} on ${w.short}`,
      heading: `See you ${w.offset}`,
      paragraphs: [`Hello ${f.customerName}, this is a reminder of your booking with ${f.business}.`],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `Reminder from ${f.business}: ${f.service} on ${w.short}.`,
      unsubscribe: `You get reminders because you booked with ${f.business}. Stop reminders:`,
    }),
    'business.request_pending': (f, w) => ({
      subject: `Waiting for your confirmation: ${f.service} on ${w.short}`,
      heading: 'A new request is waiting for your confirmation',
      paragraphs: [
        `${f.customerName} asked for ${f.service} on ${w.when}.`,
        `Confirm it by ${w.expiry} (${w.minutesLeft} minutes from this email), or it lapses and the time is free again.`,
      ],
      details: [],
      action: { label: 'Open the booking in the dashboard', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.cancelled_by_customer': (f, w) => ({
      subject: `Cancelled by the customer: ${f.service} on ${w.short}`,
      heading: 'A customer cancelled',
      paragraphs: [`${f.customerName} cancelled ${f.service} on ${w.when}. The time is free again.`],
      details: [],
      action: { label: 'Open the booking in the dashboard', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.rescheduled_by_customer': (f, w) => ({
      subject: `Moved by the customer: ${f.service}, now on ${w.short}`,
      heading: 'A customer moved a booking',
      paragraphs: [`${f.customerName} moved ${f.service} to a new time.`],
      details: [['Before', w.before]],
      action: { label: 'Open the booking in the dashboard', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.calendar_needs_reauth': (f) => {
      const { provider, staffName } = calendarOf(f, 'a staff member');
      return {
        subject: `Connect again: ${provider} of ${staffName}`,
        heading: 'A calendar needs connecting again',
        paragraphs: [
          `${provider} no longer accepts the platform’s access to the account of ${staffName}: the access was revoked or has expired, or its password changed.`,
          `Until it is connected again, that calendar is not read: times with ${staffName} are not offered online (unless your workspace books when a calendar cannot be read, without checking it) and bookings are not written into it.`,
          'Connect it again in the dashboard under Settings, Calendar connections.',
        ],
        details: [
          ['Staff member', staffName],
          ['Calendar', provider],
        ],
        action: { label: 'Open the calendar connections', link: 'dashboard' },
        sms: null,
        unsubscribe: null,
      };
    },
  },
};

const de: Dictionary = {
  when: 'Wann',
  now: 'Jetzt',
  service: 'Leistung',
  staff: 'Bei',
  customer: 'Kunde',
  contact: 'Kontakt',
  reference: 'Buchung',
  footer: (business) =>
    `Im Auftrag von ${business} versandt. Antworten Sie auf diese E-Mail, um ${business} zu erreichen.`,
  manageLabels: {
    both: 'Ansehen, verschieben oder stornieren',
    cancel: 'Ansehen oder stornieren',
    reschedule: 'Ansehen oder verschieben',
    neither: 'Buchung ansehen',
  },
  requestLabels: { cancel: 'Anfrage ansehen oder stornieren', neither: 'Anfrage ansehen' },
  changesUntil: ({ reschedule, cancel }) => {
    if (reschedule !== null && reschedule === cancel)
      return `Online verschieben oder stornieren können Sie bis ${cancel}.`;
    if (reschedule !== null && cancel !== null) {
      return `Online verschieben können Sie bis ${reschedule}, stornieren bis ${cancel}.`;
    }
    return reschedule !== null
      ? `Online verschieben können Sie bis ${reschedule}.`
      : `Online stornieren können Sie bis ${cancel}.`;
  },
  changesClosed: (business) =>
    `Online lässt sich die Buchung nicht mehr ändern; für eine Änderung wenden Sie sich bitte an ${business}.`,
  meeting: {
    label: 'Zum Videotermin',
    follows: (business) =>
      `Der Link zum Videotermin ist noch nicht bereit. Wir senden ihn Ihnen, sobald er es ist; sollte er kurz vor dem Termin noch nicht da sein, wenden Sie sich bitte an ${business}.`,
    followsSms: 'Der Link zum Videotermin folgt.',
  },
  words: {
    'customer.request_received': (f, w) => ({
      subject: `Anfrage erhalten: ${f.service} am ${w.short}`,
      heading: 'Wir haben Ihre Anfrage',
      paragraphs: [
        `Hallo ${f.customerName}, ${f.business} hat Ihre Anfrage für ${f.service} am ${w.when} erhalten.`,
        `Sie ist noch nicht bestätigt: ${f.business} bestätigt sie bis ${w.expiry}, und wir schreiben Ihnen, sobald das geschehen ist. Andernfalls verfällt die Anfrage und es ist nichts gebucht.`,
      ],
      details: [],
      action: { label: w.manageRequest, link: 'manage' },
      sms: `${f.business}: Ihre Anfrage für ${f.service} am ${w.short} ist eingegangen. Sie hören von uns, sobald sie bestätigt ist.`,
      unsubscribe: null,
    }),
    'customer.confirmed': (f, w) => ({
      subject: `Bestätigt: ${f.service} am ${w.short}`,
      heading: 'Ihre Buchung ist bestätigt',
      paragraphs: [
        `Hallo ${f.customerName}, Ihre Buchung bei ${f.business} ist bestätigt.`,
        'Mit der angehängten Kalenderdatei tragen Sie den Termin in Ihren Kalender ein.',
      ],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: Ihre Buchung für ${f.service} am ${w.short} ist bestätigt.`,
      unsubscribe: null,
    }),
    'customer.rescheduled': (f, w) => ({
      subject: `Verschoben: ${f.service} jetzt am ${w.short}`,
      heading: 'Ihre Buchung wurde verschoben',
      paragraphs: [
        `Hallo ${f.customerName}, Ihre Buchung für ${f.service} bei ${f.business} hat eine neue Zeit.`,
        'Die angehängte Kalenderdatei aktualisiert den Termin in Ihrem Kalender.',
      ],
      details: [['Vorher', w.before]],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: Ihre Buchung für ${f.service} ist jetzt am ${w.short}.`,
      unsubscribe: null,
    }),
    'customer.cancelled': (f, w) => ({
      subject: `Storniert: ${f.service} am ${w.short}`,
      heading: 'Ihre Buchung ist storniert',
      paragraphs: [
        f.cancelledBy === 'customer'
          ? `Hallo ${f.customerName}, Sie haben Ihre Buchung für ${f.service} bei ${f.business} am ${w.when} storniert.`
          : `Hallo ${f.customerName}, ${f.business} hat Ihre Buchung für ${f.service} am ${w.when} storniert.`,
        'Es ist nichts mehr gebucht. Gern können Sie eine andere Zeit buchen.',
      ],
      details: f.cancelledBy === 'business' && f.cancelReason ? [['Grund', f.cancelReason]] : [],
      action: { label: 'Eine andere Zeit buchen', link: 'bookAgain' },
      sms:
        f.cancelledBy === 'customer'
          ? `${f.business}: Sie haben ${f.service} am ${w.short} storniert.`
          : `${f.business} hat Ihre Buchung für ${f.service} am ${w.short} storniert.`,
      unsubscribe: null,
    }),
    'customer.hold_expired': (f, w) => ({
      subject: `Nicht bestätigt: ${f.service} am ${w.short}`,
      heading: 'Ihre Anfrage wurde nicht bestätigt',
      paragraphs: [
        `Hallo ${f.customerName}, ${f.business} hat Ihre Anfrage für ${f.service} am ${w.when} nicht rechtzeitig bestätigt. Sie ist verfallen, und es ist nichts gebucht.`,
        'Gern können Sie eine andere Zeit anfragen.',
      ],
      details: [],
      action: { label: 'Eine andere Zeit buchen', link: 'bookAgain' },
      sms: `${f.business}: Ihre Anfrage für ${f.service} am ${w.short} wurde nicht rechtzeitig bestätigt und ist verfallen.`,
      unsubscribe: null,
    }),
    'customer.meeting_link': (f, w) => ({
      subject: `Link zum Videotermin: ${f.service} am ${w.short}`,
      heading: 'Ihr Link zum Videotermin',
      paragraphs: [
        `Hallo ${f.customerName}, der Link zu Ihrem Videotermin bei ${f.business} ist bereit.`,
        'Mit der angehängten Kalenderdatei ergänzen Sie ihn im Termin in Ihrem Kalender.',
      ],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `${f.business}: der Link für ${f.service} am ${w.short} ist bereit.`,
      unsubscribe: null,
    }),
    'customer.reminder': (f, w) => ({
      subject: `Erinnerung: ${f.service} am ${w.short}`,
      heading: `Bis ${w.offset}`,
      paragraphs: [`Hallo ${f.customerName}, wir erinnern Sie an Ihre Buchung bei ${f.business}.`],
      details: [],
      action: { label: w.manage, link: 'manage' },
      sms: `Erinnerung von ${f.business}: ${f.service} am ${w.short}.`,
      unsubscribe: `Sie erhalten Erinnerungen, weil Sie bei ${f.business} gebucht haben. Keine Erinnerungen mehr:`,
    }),
    'business.request_pending': (f, w) => ({
      subject: `Wartet auf Ihre Bestätigung: ${f.service} am ${w.short}`,
      heading: 'Eine neue Anfrage wartet auf Ihre Bestätigung',
      paragraphs: [
        `${f.customerName} hat ${f.service} am ${w.when} angefragt.`,
        `Bestätigen Sie sie bis ${w.expiry} (${w.minutesLeft} Minuten nach dieser E-Mail), sonst verfällt sie und die Zeit ist wieder frei.`,
      ],
      details: [],
      action: { label: 'Buchung im Dashboard öffnen', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.cancelled_by_customer': (f, w) => ({
      subject: `Vom Kunden storniert: ${f.service} am ${w.short}`,
      heading: 'Ein Kunde hat storniert',
      paragraphs: [`${f.customerName} hat ${f.service} am ${w.when} storniert. Die Zeit ist wieder frei.`],
      details: [],
      action: { label: 'Buchung im Dashboard öffnen', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.rescheduled_by_customer': (f, w) => ({
      subject: `Vom Kunden verschoben: ${f.service}, jetzt am ${w.short}`,
      heading: 'Ein Kunde hat eine Buchung verschoben',
      paragraphs: [`${f.customerName} hat ${f.service} auf eine neue Zeit verschoben.`],
      details: [['Vorher', w.before]],
      action: { label: 'Buchung im Dashboard öffnen', link: 'dashboard' },
      sms: null,
      unsubscribe: null,
    }),
    'business.calendar_needs_reauth': (f) => {
      const { provider, staffName } = calendarOf(f, 'eine Mitarbeiterin oder einen Mitarbeiter');
      return {
        subject: `Neu verbinden: ${provider} von ${staffName}`,
        heading: 'Ein Kalender muss neu verbunden werden',
        paragraphs: [
          `${provider} akzeptiert den Zugriff der Plattform auf das Konto von ${staffName} nicht mehr: Der Zugriff wurde widerrufen oder ist abgelaufen, oder das Passwort wurde geändert.`,
          `Bis er neu verbunden ist, wird dieser Kalender nicht gelesen: Zeiten bei ${staffName} werden online nicht angeboten (außer Ihr Arbeitsbereich bucht auch, wenn ein Kalender nicht gelesen werden kann, dann ohne ihn zu prüfen), und Buchungen werden nicht eingetragen.`,
          'Verbinden Sie ihn im Dashboard unter Einstellungen, Kalenderverbindungen neu.',
        ],
        details: [
          ['Mitarbeiter', staffName],
          ['Kalender', provider],
        ],
        action: { label: 'Kalenderverbindungen öffnen', link: 'dashboard' },
        sms: null,
        unsubscribe: null,
      };
    },
  },
};

const DICTIONARIES: Record<Language, Dictionary> = { en, de };

/** The calendar of a connection message; `someone` when the staff member's name is not known. */
function calendarOf(f: MessageFacts, someone: string): { provider: string; staffName: string } {
  return { provider: f.calendar?.provider ?? '', staffName: f.calendar?.staffName || someone };
}

/** "in 2 hours", "tomorrow"-like phrases for a reminder's heading. */
/**
 * One formatter per language (two): making one for every message cost more than its other
 * words (a profile of the bench, docs/benchmarks.md "Step 6: email at the speed of its client").
 */
const relativeTimes = new Map<Language, Intl.RelativeTimeFormat>();

function offsetPhrase(offsetMin: number | null, language: Language): string {
  const minutes = offsetMin ?? 0;
  let rtf = relativeTimes.get(language);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeTimes.set(language, rtf);
  }
  if (minutes >= 1440 && minutes % 1440 === 0) return rtf.format(minutes / 1440, 'day');
  if (minutes >= 60 && minutes % 60 === 0) return rtf.format(minutes / 60, 'hour');
  return rtf.format(minutes, 'minute');
}

/** The manage link's labels and the cut-off line, from what the link can still change. */
function changeWords(facts: MessageFacts, dict: Dictionary): Pick<Words, 'manage' | 'manageRequest' | 'changes'> {
  const { cancelUntilMs, rescheduleUntilMs, closedByCutoff } = facts.changes;
  const canCancel = cancelUntilMs !== null;
  const canReschedule = rescheduleUntilMs !== null;
  const labels = dict.manageLabels;
  const manage =
    canCancel && canReschedule
      ? labels.both
      : canCancel
        ? labels.cancel
        : canReschedule
          ? labels.reschedule
          : labels.neither;
  // Only a cut-off before the start is worth a line: without one, changes work until the start.
  const cutoff = (ms: number | null) => (ms !== null && ms < facts.startsAtMs ? formatWhen(ms, facts.reader) : null);
  const until = { reschedule: cutoff(rescheduleUntilMs), cancel: cutoff(cancelUntilMs) };
  const changes =
    until.reschedule !== null || until.cancel !== null
      ? [dict.changesUntil(until)]
      : !canCancel && !canReschedule && closedByCutoff
        ? [dict.changesClosed(facts.business)]
        : [];
  return {
    manage,
    manageRequest: canCancel ? dict.requestLabels.cancel : dict.requestLabels.neither,
    changes,
  };
}

/**
 * The words of a message in the reader's language. The detail table always names the service,
 * the time (with its zone) and, when booked, the staff member; business messages add the
 * customer and their contact.
 */
export function wordsFor(facts: MessageFacts): MessageWords & { footer: string; meeting: MeetingWords | null } {
  const { reader } = facts;
  const dict = DICTIONARIES[reader.language];
  const w: Words = {
    when: formatWhen(facts.startsAtMs, reader),
    short: formatShort(facts.startsAtMs, reader),
    before: facts.previousStartsAtMs === null ? '' : formatWhen(facts.previousStartsAtMs, reader),
    expiry: facts.holdExpiresAtMs === null ? '' : formatTime(facts.holdExpiresAtMs, reader),
    minutesLeft:
      facts.holdExpiresAtMs === null ? 0 : Math.max(0, Math.floor((facts.holdExpiresAtMs - facts.nowMs) / 60_000)),
    offset: offsetPhrase(facts.reminderOffsetMin, reader.language),
    ...changeWords(facts, dict),
  };
  const template = withPayment(facts, w, dict.words[facts.template](facts, w));
  // Every message with the manage link says until when it changes the booking, when a cut-off applies.
  const words =
    template.action?.link === 'manage' ? { ...template, paragraphs: [...template.paragraphs, ...w.changes] } : template;
  const forBusiness = facts.template.startsWith('business.');
  const rows: Array<[string, string]> = [
    [dict.service, facts.service],
    [facts.previousStartsAtMs === null ? dict.when : dict.now, w.when],
    ...words.details,
    [dict.staff, facts.staffName],
  ];
  if (forBusiness) rows.push([dict.customer, facts.customerName], [dict.contact, facts.customerContact]);
  rows.push([dict.reference, facts.bookingId]);
  const details = rows.filter(([, value]) => value !== '');
  return { ...words, details, footer: dict.footer(facts.business), meeting: meetingWords(facts, dict) };
}

/** The meeting's words, for the messages that name it (NAMES_MEETING). */
function meetingWords(facts: MessageFacts, dict: Dictionary): MeetingWords | null {
  const line = NAMES_MEETING.has(facts.template) ? (facts.meeting ?? null) : null;
  if (line === null) return null;
  return line.kind === 'link'
    ? { label: dict.meeting.label, url: line.url }
    : { note: dict.meeting.follows(facts.business), sms: dict.meeting.followsSms };
}
