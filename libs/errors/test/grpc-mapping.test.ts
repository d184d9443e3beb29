import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import {
  answeringOutagesWith,
  bookingUnavailable,
  DependencyUnavailableError,
  DomainError,
  fromGrpcError,
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

  it('keeps the 503 flavour of BOOKING_POLICY_BLOCKED', () => {
    const wire = toGrpcError(new DomainError('BOOKING_POLICY_BLOCKED', 'lock unavailable', [], 503));
    expect(wire.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(fromGrpcError(asServiceError(wire)).httpStatus).toBe(503);
    const conflict = toGrpcError(new DomainError('BOOKING_POLICY_BLOCKED', 'not allowed'));
    expect(fromGrpcError(asServiceError(conflict)).httpStatus).toBe(409);
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

  it('reads an unreachable or late callee as a 503, and an outage as UNAVAILABLE on the wire', () => {
    for (const code of [GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED]) {
      expect(fromGrpcError(Object.assign(new Error('down'), { code }))).toMatchObject({
        code: 'INTERNAL_ERROR',
        httpStatus: 503,
      });
    }
    expect(toGrpcError(serviceUnavailable()).code).toBe(GrpcStatus.UNAVAILABLE);
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
