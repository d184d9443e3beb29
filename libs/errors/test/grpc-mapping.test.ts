import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import {
  answeringOutagesWith,
  bookingUnavailable,
  DependencyUnavailableError,
  DomainError,
  ERROR_CODES,
  fromGrpcError,
  internalError,
  serviceUnavailable,
  toGrpcError,
} from '../src/index.js';

const asServiceError = (p: ReturnType<typeof toGrpcError>): ServiceError =>
  Object.assign(new Error(p.details), { code: p.code, details: p.details, metadata: p.metadata });

describe('error mapping', () => {
  it('round-trips a domain error through gRPC with code, details and HTTP status', () => {
    const err = new DomainError('VALIDATION_ERROR', 'bad', [{ path: 'body.startMinute', message: 'too big' }]);
    const wire = toGrpcError(err);
    expect(wire.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    const back = fromGrpcError(asServiceError(wire));
    expect(back).toMatchObject({
      code: 'VALIDATION_ERROR',
      httpStatus: 400,
      details: [{ path: 'body.startMinute', message: 'too big' }],
    });
  });

  it('keeps the retryable 503 flavour of BOOKING_POLICY_BLOCKED', () => {
    const wire = toGrpcError(bookingUnavailable('lock unavailable'));
    expect(wire.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(fromGrpcError(asServiceError(wire))).toMatchObject({ httpStatus: 503, retryable: true });
    const conflict = toGrpcError(new DomainError('BOOKING_POLICY_BLOCKED', 'not allowed'));
    expect(wire.code).not.toBe(conflict.code);
    expect(fromGrpcError(asServiceError(conflict))).toMatchObject({ httpStatus: 409, retryable: false });
  });

  it("answers every code with the specification's status: an outage is INTERNAL_ERROR 500, retryable", () => {
    for (const [code, { http }] of Object.entries(ERROR_CODES)) {
      expect(new DomainError(code as keyof typeof ERROR_CODES, 'x').httpStatus, code).toBe(http);
    }
    expect(ERROR_CODES.INTERNAL_ERROR.http).toBe(500);
    expect(serviceUnavailable()).toMatchObject({ code: 'INTERNAL_ERROR', httpStatus: 500, retryable: true });
    expect(internalError()).toMatchObject({ code: 'INTERNAL_ERROR', httpStatus: 500, retryable: false });
    expect(bookingUnavailable()).toMatchObject({ code: 'BOOKING_POLICY_BLOCKED', httpStatus: 503, retryable: true });
  });

  it('turns unknown errors into INTERNAL_ERROR without leaking their message', () => {
    const wire = toGrpcError(new Error('connection string mongodb://secret'));
    expect(wire.details).not.toContain('secret');
    expect(fromGrpcError(asServiceError(wire))).toMatchObject({ code: 'INTERNAL_ERROR', httpStatus: 500 });
    expect(fromGrpcError(Object.assign(new Error('13 INTERNAL'), { code: GrpcStatus.INTERNAL }))).toMatchObject({
      code: 'INTERNAL_ERROR',
      httpStatus: 500,
    });
  });

  it('reads an unreachable or late callee as a retryable INTERNAL_ERROR 500, and an outage as UNAVAILABLE on the wire', () => {
    for (const code of [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED]) {
      expect(fromGrpcError(Object.assign(new Error('down'), { code }))).toMatchObject({
        code: 'INTERNAL_ERROR',
        httpStatus: 500,
        retryable: true,
      });
    }
    // The caller's log names the callee and the status; the client-facing message does not.
    const late = fromGrpcError(
      Object.assign(new Error('4 DEADLINE_EXCEEDED'), {
        code: GrpcStatus.DEADLINE_EXCEEDED,
        details: 'Deadline exceeded',
      }),
      'integrations.v1.IntegrationService/GetBusyTimes',
    );
    expect((late.cause as Error).message).toBe(
      'integrations.v1.IntegrationService/GetBusyTimes answered DEADLINE_EXCEEDED: Deadline exceeded',
    );
    expect(late.message).not.toContain('integrations');
    const wire = toGrpcError(serviceUnavailable());
    expect(wire.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(fromGrpcError(asServiceError(wire))).toMatchObject({ httpStatus: 500, retryable: true });
    expect(toGrpcError(internalError()).code).toBe(GrpcStatus.INTERNAL);
  });

  it('answers only outages with the chosen answer', async () => {
    const down = answeringOutagesWith(bookingUnavailable, () => Promise.reject(new DependencyUnavailableError('x')));
    await expect(down).rejects.toMatchObject({ code: 'BOOKING_POLICY_BLOCKED', httpStatus: 503 });
    const relayed = answeringOutagesWith(bookingUnavailable, () => Promise.reject(serviceUnavailable()));
    await expect(relayed).rejects.toMatchObject({ code: 'BOOKING_POLICY_BLOCKED', httpStatus: 503 });
    const other = answeringOutagesWith(bookingUnavailable, () => Promise.reject(new DomainError('NOT_FOUND', 'x')));
    await expect(other).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
