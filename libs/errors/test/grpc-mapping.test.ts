import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { DomainError, fromGrpcError, toGrpcError } from '../src/index.js';

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
    expect(fromGrpcError(Object.assign(new Error('14 UNAVAILABLE'), { code: GrpcStatus.UNAVAILABLE }))).toMatchObject({
      code: 'INTERNAL_ERROR',
    });
  });
});
