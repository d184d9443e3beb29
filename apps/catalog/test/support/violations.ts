import { DomainError } from '@svc/errors';

/** The detail paths of the VALIDATION_ERROR that `fn` throws (fails when it throws anything else or nothing). */
export function violationPaths(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION_ERROR') return err.details.map((d) => d.path);
    throw err;
  }
  throw new Error('expected a VALIDATION_ERROR');
}
