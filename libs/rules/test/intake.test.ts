import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersSchema, checkAnswers, checkQuestions, questionsSchema, type Question } from '../src/intake.js';

const q = (over: Partial<Question> & Pick<Question, 'key' | 'type'>): Question => ({
  label: over.key,
  required: false,
  options: [],
  ...over,
});

/** One question of every type; `required` on all of them. */
const EVERY_TYPE: Question[] = [
  q({ key: 'reason', type: 'text', required: true }),
  q({ key: 'history', type: 'textarea', required: true }),
  q({ key: 'insurer', type: 'select', required: true, options: ['Public', 'Private'] }),
  q({ key: 'areas', type: 'multiselect', required: true, options: ['Upper', 'Lower', 'Both'] }),
  q({ key: 'consent', type: 'checkbox', required: true }),
  q({ key: 'guardian_email', type: 'email', required: true }),
  q({ key: 'guardian_phone', type: 'phone', required: true }),
  q({ key: 'age', type: 'number', required: true }),
];

const VALID = {
  reason: '  Toothache  ',
  history: 'None.\nReally.',
  insurer: 'Private',
  areas: ['Both', 'Upper'],
  consent: true,
  guardian_email: 'Guardian@Example.COM',
  guardian_phone: '+49 30 1234567',
  age: 12,
};

const paths = (r: { violations: Array<{ path: string }> }) => r.violations.map((v) => v.path);

describe('intake answers', () => {
  it('keeps every type normalized, in the questions’ order, with label and type', () => {
    const { answers, violations } = checkAnswers(EVERY_TYPE, VALID);
    expect(violations).toEqual([]);
    expect(answers).toEqual([
      { key: 'reason', label: 'reason', type: 'text', value: 'Toothache' },
      { key: 'history', label: 'history', type: 'textarea', value: 'None.\nReally.' },
      { key: 'insurer', label: 'insurer', type: 'select', value: 'Private' },
      // The options' order, not the order sent.
      { key: 'areas', label: 'areas', type: 'multiselect', value: ['Upper', 'Both'] },
      { key: 'consent', label: 'consent', type: 'checkbox', value: true },
      { key: 'guardian_email', label: 'guardian_email', type: 'email', value: 'guardian@example.com' },
      { key: 'guardian_phone', label: 'guardian_phone', type: 'phone', value: '+49301234567' },
      { key: 'age', label: 'age', type: 'number', value: 12 },
    ]);
  });

  it.each([
    ['reason', 42, 'must be a string'],
    ['reason', 'x'.repeat(501), 'must be at most 500 characters'],
    ['history', 'x'.repeat(5001), 'must be at most 5000 characters'],
    ['insurer', 'Statutory', 'must be one of: Public, Private'],
    ['insurer', ['Public'], 'must be one of the options'],
    ['areas', ['Upper', 'Middle'], 'must be some of: Upper, Lower, Both'],
    ['areas', ['Upper', 'Upper'], 'must not repeat an option'],
    ['areas', 'Upper', 'must be a list of the options'],
    ['consent', 'yes', 'must be true or false'],
    ['guardian_email', 'not-an-email', 'must be an email address'],
    ['guardian_phone', '12345', 'must be a phone number in international format, like +14155550123'],
    ['age', '12', `must be a number from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`],
    ['age', 1e300, `must be a number from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`],
  ])('refuses %s = %j: %s', (key, value, message) => {
    const { violations } = checkAnswers(EVERY_TYPE, { ...VALID, [key]: value });
    expect(violations).toEqual([{ path: `answers.${key}`, message }]);
  });

  it('needs every required question answered: blank text, no choice, an unticked box answer nothing', () => {
    const unanswered = { reason: '   ', history: '', insurer: '', areas: [], consent: false };
    expect(paths(checkAnswers(EVERY_TYPE, unanswered))).toEqual([
      'answers.reason',
      'answers.history',
      'answers.insurer',
      'answers.areas',
      'answers.consent',
      'answers.guardian_email',
      'answers.guardian_phone',
      'answers.age',
    ]);
    expect(checkAnswers(EVERY_TYPE, unanswered).violations[0]!.message).toBe('is required');
  });

  it('keeps nothing for an optional question left unanswered', () => {
    const optional = EVERY_TYPE.map((x) => ({ ...x, required: false }));
    expect(checkAnswers(optional, { consent: false, reason: ' ' })).toEqual({ answers: [], violations: [] });
  });

  it('refuses a key the service does not ask, naming it only when it is a key', () => {
    expect(checkAnswers([], { shoe_size: 42 }).violations).toEqual([
      { path: 'answers.shoe_size', message: 'is not a question of this service' },
    ]);
    expect(paths(checkAnswers([], { 'Not A Key <script>': 1, __proto__x: 1 }))).toEqual(['answers', 'answers']);
    // An own property only: the prototype's keys are not answers.
    expect(checkAnswers([q({ key: 'constructor', type: 'text', required: true })], {}).violations).toEqual([
      { path: 'answers.constructor', message: 'is required' },
    ]);
  });
});

describe('intake questions', () => {
  const raw = (over: Record<string, unknown> = {}) => ({
    key: 'reason',
    label: 'Reason',
    type: 'text',
    required: false,
    options: [] as string[],
    ...over,
  });

  it('trims labels and options and keeps the order', () => {
    const { questions, violations } = checkQuestions([
      raw({ label: '  Why?  ' }),
      raw({ key: 'kind', type: 'select', options: [' A ', 'B'] }),
    ]);
    expect(violations).toEqual([]);
    expect(questions.map((x) => [x.key, x.label, x.options])).toEqual([
      ['reason', 'Why?', []],
      ['kind', 'Reason', ['A', 'B']],
    ]);
  });

  it('refuses what breaks a rule, with the question’s index in the path', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ key: 'Reason' }, 'questions.0.key'],
      [{ label: '   ' }, 'questions.0.label'],
      [{ label: 'x'.repeat(201) }, 'questions.0.label'],
      [{ type: 'date' }, 'questions.0.type'],
      [{ type: 'select', options: [] }, 'questions.0.options'],
      [{ type: 'select', options: ['A', 'A'] }, 'questions.0.options'],
      [{ type: 'multiselect', options: ['A', ' '] }, 'questions.0.options'],
      [{ type: 'multiselect', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, 'questions.0.options'],
      [{ type: 'text', options: ['A'] }, 'questions.0.options'],
    ];
    for (const [over, path] of cases) {
      expect(paths(checkQuestions([raw(over) as never])), JSON.stringify(over)).toEqual([path]);
    }
    expect(paths(checkQuestions([raw(), raw()]))).toEqual(['questions.1.key']);
    expect(paths(checkQuestions(Array.from({ length: 21 }, (_, i) => raw({ key: `q${i}` }))))).toEqual(['questions']);
  });

  it('the gateway’s schemas say what JSON Schema can: types, options by type, at most 20', () => {
    expect(questionsSchema.safeParse([{ key: 'a', label: 'A', type: 'select', options: ['x'] }]).success).toBe(true);
    expect(questionsSchema.safeParse([{ key: 'a', label: 'A', type: 'select' }]).success).toBe(false);
    expect(questionsSchema.safeParse([{ key: 'a', label: 'A', type: 'text', options: ['x'] }]).success).toBe(false);
    expect(answersSchema.safeParse({ a: 1, b: 'x', c: true, d: ['y'] }).success).toBe(true);
    expect(answersSchema.safeParse({ a: null }).success).toBe(false);
    expect(answersSchema.safeParse({ 'A-1': 'x' }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, 'x']));
    expect(answersSchema.safeParse(many).success).toBe(false);
    expect(z.toJSONSchema(answersSchema)).toMatchObject({ maxProperties: 20 });
  });
});
