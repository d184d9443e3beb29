import type { catalogV1 } from '@svc/proto';

/** A slice of the generated server interface; each entity's module implements its own RPCs. */
export type Handlers<K extends keyof catalogV1.CatalogServiceServer> = Pick<catalogV1.CatalogServiceServer, K>;

/** The span name of an RPC. */
export const rpcName = (method: string): string => `catalog.v1.CatalogService/${method}`;
