// Intake answers on the wire (docs/decisions.md "Intake questions"): the JSON value a create sends
// and a booking record shows, as booking.v1's AnswerValue and back. One mapping for the gateway
// and the booking service.
import type { bookingV1 } from '@svc/proto';

/** An answer's value as JSON has it. */
export type AnswerJson = string | number | boolean | string[];

export function toAnswerValue(value: AnswerJson): bookingV1.AnswerValue {
  if (typeof value === 'string') return { value: { $case: 'text', value } };
  if (typeof value === 'number') return { value: { $case: 'number', value } };
  if (typeof value === 'boolean') return { value: { $case: 'checked', value } };
  return { value: { $case: 'choices', value: { items: [...value] } } };
}

/** The JSON value of an AnswerValue; null when none was set (a field proto3 left out). */
export function fromAnswerValue(answer: bookingV1.AnswerValue | undefined): AnswerJson | null {
  const set = answer?.value;
  if (!set) return null;
  return set.$case === 'choices' ? [...set.value.items] : set.value;
}
