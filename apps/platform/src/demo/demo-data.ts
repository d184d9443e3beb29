// The demo workspace as plain data (docs/decisions.md "Demo workspace"): a small studio with
// three staff members, four services that each show one feature, opening hours, one date
// override and a week of bookings told as stories. Nothing here is dated: demo-plan.ts places
// it around the day the demo is first started; seed-demo.ts writes it through the services' gRPC.

import type { AnswerValue, QuestionType } from '@svc/rules';

export const DEMO_SLUG = 'demo';
export const DEMO_NAME = 'Demo Studio';
export const DEMO_LOCALE = 'en';
/** The workspace owner, whom the printed sign-in link signs in (example.com receives no mail). */
export const DEMO_OWNER_EMAIL = 'owner@example.com';
/** What the bookings the demo makes say they came from (docs/decisions.md "Booking"). */
export const DEMO_SOURCE = 'demo';

export type DemoStaffKey = 'mia' | 'jonas' | 'lena';
export type DemoServiceSlug = 'yoga-class' | 'consultation' | 'first-visit' | 'massage';

/** Wall-clock minutes from midnight of the workspace's time zone. */
const at = (hour: number, minute = 0): number => hour * 60 + minute;

/** Weekly hours: the same window on each of `weekdays` (0 = Sunday … 6 = Saturday). */
export interface DemoHours {
  weekdays: readonly number[];
  startMinute: number;
  endMinute: number;
}

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5] as const;

/** The studio's opening hours: weekdays 09:00–18:00, Saturdays 10:00–14:00. */
export const DEMO_OPENING_HOURS: readonly DemoHours[] = [
  { weekdays: MONDAY_TO_FRIDAY, startMinute: at(9), endMinute: at(18) },
  { weekdays: [6], startMinute: at(10), endMinute: at(14) },
];

export interface DemoStaff {
  key: DemoStaffKey;
  displayName: string;
  email: string;
  /** Hours of their own; none: the studio's (docs/decisions.md "Availability"). */
  hours: readonly DemoHours[];
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { key: 'mia', displayName: 'Mia Hoffmann', email: 'mia@example.com', hours: [] },
  // Afternoons only: the consultations and massages she takes are never offered before noon.
  {
    key: 'jonas',
    displayName: 'Jonas Berg',
    email: 'jonas@example.com',
    hours: [{ weekdays: MONDAY_TO_FRIDAY, startMinute: at(12), endMinute: at(18) }],
  },
  { key: 'lena', displayName: 'Lena Okafor', email: 'lena@example.com', hours: [] },
];

/**
 * The studio's one date override: the fifth weekday after the first start (after every seeded
 * booking) it opens 10:00–13:00 only.
 */
export const DEMO_SHORT_DAY = { weekdaysAhead: 5, windows: [{ startMinute: at(10), endMinute: at(13) }] } as const;

export interface DemoQuestion {
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: readonly string[];
}

export interface DemoService {
  slug: DemoServiceSlug;
  name: string;
  description: string;
  durationMin: number;
  slotIntervalMin: number;
  minNoticeMin: number;
  bufferAfterMin: number;
  /** Minor units of EUR; 0: free. */
  priceAmount: number;
  staff: readonly DemoStaffKey[];
  confirmation: 'manual' | 'automatic';
  seats: number;
  maxPartySize: number;
  assignment: 'first_available' | 'round_robin';
  staffWeights: Partial<Record<DemoStaffKey, number>>;
  questions: readonly DemoQuestion[];
}

const PLAIN = {
  bufferAfterMin: 0,
  seats: 1,
  maxPartySize: 1,
  assignment: 'first_available',
  staffWeights: {},
  questions: [],
} as const;

/** Each service shows one feature: seats, confirmation by hand, intake questions, round-robin. */
export const DEMO_SERVICES: readonly DemoService[] = [
  {
    ...PLAIN,
    slug: 'yoga-class',
    name: 'Yoga class',
    description: 'A group class for up to 8 people; book for yourself and a friend.',
    durationMin: 60,
    slotIntervalMin: 60,
    minNoticeMin: 60,
    priceAmount: 1800,
    staff: ['mia'],
    confirmation: 'automatic',
    seats: 8,
    maxPartySize: 2,
  },
  {
    ...PLAIN,
    slug: 'consultation',
    name: 'Consultation',
    description: 'A free 30-minute talk. Jonas confirms each request by hand.',
    durationMin: 30,
    slotIntervalMin: 30,
    minNoticeMin: 120,
    priceAmount: 0,
    staff: ['jonas'],
    confirmation: 'manual',
  },
  {
    ...PLAIN,
    slug: 'first-visit',
    name: 'First visit',
    description: 'Your first treatment, with a few questions so Lena can prepare.',
    durationMin: 45,
    slotIntervalMin: 60,
    minNoticeMin: 240,
    priceAmount: 4500,
    staff: ['lena'],
    confirmation: 'automatic',
    questions: [
      { key: 'goal', label: 'What would you like help with?', type: 'textarea', required: true, options: [] },
      {
        key: 'experience',
        label: 'Have you had this treatment before?',
        type: 'select',
        required: true,
        options: ['Never', 'Once or twice', 'Regularly'],
      },
      { key: 'call_before', label: 'You may call me before the visit', type: 'checkbox', required: false, options: [] },
    ],
  },
  {
    ...PLAIN,
    slug: 'massage',
    name: 'Massage',
    description: 'One hour with whichever of our therapists is free; the team takes turns.',
    durationMin: 60,
    slotIntervalMin: 60,
    minNoticeMin: 60,
    bufferAfterMin: 15,
    priceAmount: 6500,
    staff: ['mia', 'jonas', 'lena'],
    confirmation: 'automatic',
    assignment: 'round_robin',
    staffWeights: { lena: 2 },
  },
];

export const DEMO_CURRENCY = 'EUR';

/**
 * How a booking's story ends: `confirmed` (ahead), `awaiting` (a request of a service confirmed
 * by hand, made at the first start, ahead), `completed` and `no_show` (both marked after it
 * ended), `cancelled` (by the studio, the evening it was made, before its start).
 */
export type DemoStory = 'confirmed' | 'awaiting' | 'completed' | 'no_show' | 'cancelled';

export interface DemoBooking {
  service: DemoServiceSlug;
  /**
   * Its weekday relative to the first start: -1 is the last weekday (Monday to Friday) before
   * that day, 1 the first one after it; the day itself is never used, so every start is whole
   * hours away from the moment of seeding.
   */
  weekday: number;
  startMinute: number;
  /** When it was booked: this many calendar days before its day (at most yesterday), at `bookedMinute`. */
  bookedDaysBefore: number;
  bookedMinute: number;
  customer: { name: string; email: string };
  partySize: number;
  answers: Readonly<Record<string, AnswerValue>>;
  story: DemoStory;
}

const customer = (name: string) => ({ name, email: `${name.toLowerCase().replace(' ', '.')}@example.com` });
const ALEX = customer('Alex Morgan');
const PRIYA = customer('Priya Shah');
const TOM = customer('Tom Becker');
const SOFIA = customer('Sofia Rossi');
const KENJI = customer('Kenji Tanaka');
const AMARA = customer('Amara Diallo');
const LUCAS = customer('Lucas Martin');
const EMMA = customer('Emma Novak');
const NOAH = customer('Noah Schmidt');
const INES = customer('Ines Garcia');
const OLIVER = customer('Oliver Brown');
const MAYA = customer('Maya Cohen');

const booking = (
  service: DemoServiceSlug,
  weekday: number,
  startMinute: number,
  who: DemoBooking['customer'],
  story: DemoStory,
  extra: Partial<Pick<DemoBooking, 'partySize' | 'answers' | 'bookedDaysBefore' | 'bookedMinute'>> = {},
): DemoBooking => ({
  service,
  weekday,
  startMinute,
  customer: who,
  story,
  partySize: 1,
  answers: {},
  bookedDaysBefore: 3,
  bookedMinute: at(19, 10),
  ...extra,
});

/** The week: three weekdays before the first start, four after, every status on the way. */
export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  // Three weekdays ago.
  booking('yoga-class', -3, at(10), ALEX, 'completed', { partySize: 2, bookedDaysBefore: 5 }),
  booking('massage', -3, at(15), PRIYA, 'completed', { bookedMinute: at(20, 5) }),
  // Two weekdays ago.
  booking('first-visit', -2, at(9), TOM, 'completed', {
    answers: { goal: 'Stiff neck from desk work', experience: 'Never', call_before: true },
    bookedDaysBefore: 4,
  }),
  booking('consultation', -2, at(13), SOFIA, 'no_show', { bookedMinute: at(18, 40) }),
  booking('massage', -2, at(11), KENJI, 'cancelled', { bookedMinute: at(19, 45) }),
  // The last weekday.
  booking('yoga-class', -1, at(10), AMARA, 'completed', { bookedDaysBefore: 2 }),
  booking('yoga-class', -1, at(10), LUCAS, 'no_show', { bookedMinute: at(21, 30) }),
  booking('consultation', -1, at(16), EMMA, 'completed', { bookedDaysBefore: 4, bookedMinute: at(17, 20) }),
  // The next weekday.
  booking('yoga-class', 1, at(10), ALEX, 'confirmed', { partySize: 2, bookedDaysBefore: 4 }),
  booking('yoga-class', 1, at(10), NOAH, 'confirmed', { bookedMinute: at(20, 50) }),
  booking('consultation', 1, at(13), INES, 'awaiting'),
  // Two weekdays ahead.
  booking('first-visit', 2, at(9), OLIVER, 'confirmed', {
    answers: { goal: 'Lower back pain after running', experience: 'Once or twice', call_before: false },
  }),
  booking('consultation', 2, at(14, 30), PRIYA, 'confirmed', { bookedMinute: at(18, 5) }),
  booking('massage', 2, at(11), MAYA, 'confirmed', { bookedDaysBefore: 5 }),
  // Three weekdays ahead.
  booking('massage', 3, at(15), TOM, 'confirmed'),
  booking('consultation', 3, at(12), KENJI, 'awaiting'),
  booking('first-visit', 3, at(11), SOFIA, 'cancelled', {
    answers: { goal: 'Headaches', experience: 'Regularly' },
    bookedDaysBefore: 5,
  }),
  // Four weekdays ahead.
  booking('yoga-class', 4, at(10), EMMA, 'confirmed'),
  booking('massage', 4, at(10), AMARA, 'confirmed', { bookedMinute: at(19, 55) }),
];

/** Why the studio cancelled (stored as the booking's cancel reason). */
export const DEMO_CANCEL_REASON = 'The customer called to cancel';
