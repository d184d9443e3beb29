import type { commonV1 } from '@svc/proto';

export const toPageResponse = (nextCursor: string): commonV1.PageResponse => ({ nextCursor });
