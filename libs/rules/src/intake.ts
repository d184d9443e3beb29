/**
 * Intake questions (docs/decisions.md "Intake questions"): a service asks up to 20 questions, a
 * create answers them. The catalog checks the questions and the booking service the answers with
 * these rules; the gateway's schemas state what JSON Schema can of them.
 */
import { z } from 'zod';
import { EMAIL_MESSAGE, normalizeEmail } from './email.js';
import { normalizePhone, PHONE_MESSAGE } from './phone.js';
import { NOT_BLANK_PATTERN, NOT_BLANK_MESSAGE, trimmedTextSchema } from './text.js';

export const QUESTION_TYPES = [
  'text',
  'textarea',
  'select',
  'multiselect',
  'checkbox',
  'email',
  'phone',
  'number',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_LABEL_LENGTH = 200;
export const MAX_QUESTION_OPTIONS = 50;
export const MAX_OPTION_LENGTH = 100;
/** Longest answer of each free-text type, as sent. */
export const MAX_TEXT_ANSWER_LENGTH = 500;
export const MAX_TEXTAREA_ANSWER_LENGTH = 5000;
/** A number answer's bound either side: beyond it a double loses whole numbers. */
export const MAX_NUMBER_ANSWER = Number.MAX_SAFE_INTEGER;

/** A key names its answer in the create body, the booking record and the webhook. */
export const QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const QUESTION_KEY_MESSAGE = 'must match ^[a-z][a-z0-9_]{0,39}$';

/** The types whose answer is one or several of the question's options. */
export const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['select', 'multiselect']);

export interface Question {
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** The choices of a select or multiselect (at least one); none for the other types. */
  options: string[];
}

export type AnswerValue = string | number | boolean | string[];

/** An answer as a booking keeps it: with the question's label and type as they were. */
export interface Answer {
  key: string;
  label: string;
  type: QuestionType;
  value: AnswerValue;
}

export interface IntakeViolation {
  path: string;
  message: string;
}

const isQuestionType = (value: string): value is QuestionType => (QUESTION_TYPES as readonly string[]).includes(value);

/**
 * A service's questions checked and trimmed, or the violations (paths `questions.<i>.<field>`):
 * at most 20, keys unique, labels present, options exactly for select and multiselect (unique,
 * trimmed, not blank).
 */
export function checkQuestions(
  input: ReadonlyArray<{ key: string; label: string; type: string; required: boolean; options: readonly string[] }>,
): { questions: Question[]; violations: IntakeViolation[] } {
  const violations: IntakeViolation[] = [];
  const add = (path: string, message: string) => violations.push({ path, message });
  if (input.length > MAX_QUESTIONS) add('questions', `must be at most ${MAX_QUESTIONS} questions`);
  const keys = new Set<string>();
  const questions = input.slice(0, MAX_QUESTIONS).map((q, i): Question => {
    const at = `questions.${i}`;
    if (!QUESTION_KEY_PATTERN.test(q.key)) add(`${at}.key`, QUESTION_KEY_MESSAGE);
    else if (keys.has(q.key)) add(`${at}.key`, 'must be unique among the service’s questions');
    keys.add(q.key);
    const label = q.label.trim();
    if (label === '' || q.label.length > MAX_QUESTION_LABEL_LENGTH) {
      add(`${at}.label`, `must be 1 to ${MAX_QUESTION_LABEL_LENGTH} characters, not blank`);
    }
    const type = isQuestionType(q.type) ? q.type : null;
    if (type === null) add(`${at}.type`, `must be one of ${QUESTION_TYPES.join(', ')}`);
    const options = q.options.map((o) => o.trim());
    if (type !== null && CHOICE_TYPES.has(type)) {
      if (options.length === 0 || options.length > MAX_QUESTION_OPTIONS) {
        add(`${at}.options`, `must list 1 to ${MAX_QUESTION_OPTIONS} options for a ${type} question`);
      } else if (q.options.some((o) => o.length > MAX_OPTION_LENGTH || o.trim() === '')) {
        add(`${at}.options`, `must be 1 to ${MAX_OPTION_LENGTH} characters each, not blank`);
      } else if (new Set(options).size !== options.length) {
        add(`${at}.options`, 'must not repeat an option');
      }
    } else if (options.length > 0) {
      add(`${at}.options`, 'must be empty unless the type is select or multiselect');
    }
    return { key: q.key, label, type: type ?? 'text', required: q.required, options };
  });
  return { questions, violations };
}

/** One answer normalized for its question, `undefined` when it answers nothing, or the complaint. */
function normalizeAnswer(q: Question, value: unknown): { value: AnswerValue | undefined } | { error: string } {
  const text = (max: number) => {
    if (typeof value !== 'string') return { error: 'must be a string' };
    if (value.length > max) return { error: `must be at most ${max} characters` };
    const trimmed = value.trim();
    return { value: trimmed === '' ? undefined : trimmed };
  };
  switch (q.type) {
    case 'text':
      return text(MAX_TEXT_ANSWER_LENGTH);
    case 'textarea':
      return text(MAX_TEXTAREA_ANSWER_LENGTH);
    case 'email':
    case 'phone': {
      const sent = text(q.type === 'email' ? 254 : 40);
      if ('error' in sent || sent.value === undefined) return sent;
      const normal = q.type === 'email' ? normalizeEmail(sent.value as string) : normalizePhone(sent.value as string);
      return normal === null ? { error: q.type === 'email' ? EMAIL_MESSAGE : PHONE_MESSAGE } : { value: normal };
    }
    case 'select':
      if (typeof value !== 'string') return { error: 'must be one of the options' };
      if (value === '') return { value: undefined };
      return q.options.includes(value) ? { value } : { error: `must be one of: ${q.options.join(', ')}` };
    case 'multiselect': {
      if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
        return { error: 'must be a list of the options' };
      }
      if (value.some((v) => !q.options.includes(v))) return { error: `must be some of: ${q.options.join(', ')}` };
      if (new Set(value).size !== value.length) return { error: 'must not repeat an option' };
      // Kept in the question's order, whatever order they were sent in.
      const chosen = q.options.filter((o) => value.includes(o));
      return { value: chosen.length === 0 ? undefined : chosen };
    }
    case 'checkbox':
      if (typeof value !== 'boolean') return { error: 'must be true or false' };
      // Unticked answers nothing: a required checkbox ("I agree") must be ticked.
      return { value: value ? true : undefined };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_NUMBER_ANSWER) {
        return { error: `must be a number from -${MAX_NUMBER_ANSWER} to ${MAX_NUMBER_ANSWER}` };
      }
      return { value };
  }
}

/**
 * The answers of a create checked against the service's questions (paths `answers.<key>`): every
 * key one of the questions', each value of its question's type, every required question answered.
 * The answers kept are in the questions' order, each with the question's label and type.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, unknown>>,
): { answers: Answer[]; violations: IntakeViolation[] } {
  const violations: IntakeViolation[] = [];
  const byKey = new Map(questions.map((q) => [q.key, q]));
  for (const key of Object.keys(answers)) {
    // The key is the caller's: only a well-formed one is named in a path.
    const path = QUESTION_KEY_PATTERN.test(key) ? `answers.${key}` : 'answers';
    if (!byKey.has(key)) violations.push({ path, message: 'is not a question of this service' });
  }
  const kept: Answer[] = [];
  for (const q of questions) {
    const given = Object.hasOwn(answers, q.key) ? normalizeAnswer(q, answers[q.key]) : { value: undefined };
    if ('error' in given) {
      violations.push({ path: `answers.${q.key}`, message: given.error });
    } else if (given.value === undefined) {
      if (q.required) violations.push({ path: `answers.${q.key}`, message: 'is required' });
    } else {
      kept.push({ key: q.key, label: q.label, type: q.type, value: given.value });
    }
  }
  return { answers: kept, violations };
}

// ---------------------------------------------------------------------------------------------
// The gateway's schemas

const questionBase = {
  key: z
    .string()
    .regex(QUESTION_KEY_PATTERN, QUESTION_KEY_MESSAGE)
    .describe('Names the answer; unique in the service.'),
  label: trimmedTextSchema(MAX_QUESTION_LABEL_LENGTH, { required: true }).describe('What the customer is asked.'),
  required: z.boolean().optional().describe('Default: false. A required checkbox must be ticked.'),
};

const optionSchema = z
  .string()
  .max(MAX_OPTION_LENGTH)
  .regex(NOT_BLANK_PATTERN, NOT_BLANK_MESSAGE)
  .describe(`1 to ${MAX_OPTION_LENGTH} characters; stored trimmed.`);

export const questionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...questionBase,
    type: z.enum(['select', 'multiselect']),
    options: z.array(optionSchema).min(1).max(MAX_QUESTION_OPTIONS).describe('The choices, unique.'),
  }),
  z.strictObject({
    ...questionBase,
    type: z.enum(['text', 'textarea', 'checkbox', 'email', 'phone', 'number']),
    options: z.array(z.string()).max(0).optional().describe('None for this type.'),
  }),
]);

export const questionsSchema = z
  .array(questionSchema)
  .max(MAX_QUESTIONS)
  .describe(
    `At most ${MAX_QUESTIONS} intake questions, their keys unique; a create answers them in \`answers\`. ` +
      'The list replaces the questions; bookings keep the questions as they were asked.',
  );

/** A value a create may send for an answer; which one fits is the question's type. */
export const answerValueSchema = z.union([
  z.string().max(MAX_TEXTAREA_ANSWER_LENGTH),
  z.number(),
  z.boolean(),
  z.array(z.string().max(MAX_OPTION_LENGTH)).max(MAX_QUESTION_OPTIONS),
]);

export const answersSchema = z
  .record(z.string().regex(QUESTION_KEY_PATTERN, QUESTION_KEY_MESSAGE), answerValueSchema)
  .refine((answers) => Object.keys(answers).length <= MAX_QUESTIONS, `must answer at most ${MAX_QUESTIONS} questions`)
  .meta({ maxProperties: MAX_QUESTIONS })
  .describe(
    'The answers to the service’s questions by key: text, textarea, email and phone a string (email and phone ' +
      'in the shared formats), select one option, multiselect a list of options, checkbox true or false, number ' +
      'a number. A required question must be answered (a required checkbox ticked); a key the service does not ' +
      'ask is refused. Errors name body.answers.<key>.',
  );
