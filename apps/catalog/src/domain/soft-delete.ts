import { checkEnum } from './field-checks.js';
import type { Violations } from './violations.js';

/** Rules, blocked times and holidays are never erased: PATCH status deleted hides them. */
export const SOFT_DELETE_STATUSES = ['active', 'deleted'] as const;
export type SoftDeleteStatus = (typeof SOFT_DELETE_STATUSES)[number];

/** Creating a record that is already deleted has no use, so create accepts only active. */
export const checkCreateStatus = (v: Violations, value: string | undefined) =>
  checkEnum(v, 'status', value, ['active'] as const);

export const checkPatchStatus = (v: Violations, value: string | undefined) =>
  checkEnum(v, 'status', value, SOFT_DELETE_STATUSES);
