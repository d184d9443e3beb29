import { validationError, type FieldViolation } from '@svc/errors';

/** Collects every problem of one request, so the caller learns about all of them at once. */
export class Violations {
  private readonly items: FieldViolation[] = [];

  add(path: string, message: string): void {
    this.items.push({ path, message });
  }

  /** Whether `path` already has a problem (so a follow-up check does not report it twice). */
  has(path: string): boolean {
    return this.items.some((item) => item.path === path);
  }

  /** Throws VALIDATION_ERROR listing every violation, if there is any. */
  throwIfAny(): void {
    if (this.items.length > 0) throw validationError([...this.items]);
  }
}

/** A PATCH that names no field changes nothing; the spec wants at least one. */
export function assertSomeField(input: object): void {
  if (Object.values(input).every((value) => value === undefined)) {
    throw validationError([{ path: '', message: 'must set at least one field' }]);
  }
}

/** The entries of `o` that are not undefined, so spreading them over a record keeps the record's values. */
export function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}
