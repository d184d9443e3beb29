import { readPlatformRuntime } from '@svc/config';
import { ChangeRecorder, connectService, type CatalogClient, type IdentityClient } from '@svc/grpc';
import { auditV1, catalogV1, identityV1 } from '@svc/proto';
import { UsageError } from './args.js';
import type { AdminConfig } from './config.js';

/** What the commands work with: the catalog and identity services over gRPC; no store, no secret. */
export interface PlatformConnection {
  catalog: CatalogClient;
  /** Users, memberships, sessions, sign-in links, API keys and the platform keys only this tool makes. */
  identity: IdentityClient;
  /** The identity service's audit log: every command that changes something is recorded (run-command.ts). */
  audit: ChangeRecorder;
  /** The gateway's public address (BASE_URL, or the running embedded platform's), when known. */
  baseUrl: string | null;
  close(): Promise<void>;
}

export async function connectToPlatform(config: AdminConfig): Promise<PlatformConnection> {
  const runtime = readPlatformRuntime(config.DATA_DIR);
  const catalogAddress = config.CATALOG_GRPC_ADDR ?? runtime?.services.catalog;
  const identityAddress = config.IDENTITY_GRPC_ADDR ?? runtime?.services.identity;
  if (!catalogAddress || !identityAddress) {
    throw new UsageError(
      `no running platform found in ${config.DATA_DIR} (start it with "npm start", or set CATALOG_GRPC_ADDR and IDENTITY_GRPC_ADDR)`,
    );
  }
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  const identity = connectService(identityV1.IdentityServiceService, identityAddress);
  const auditClient = connectService(auditV1.AuditServiceService, identityAddress);
  const audit = new ChangeRecorder(auditClient, (err) =>
    process.stderr.write(`admin: the audit record could not be completed: ${(err as Error).message}\n`),
  );
  return {
    catalog,
    identity,
    audit,
    baseUrl: config.BASE_URL ?? runtime?.url ?? null,
    async close() {
      catalog.close();
      identity.close();
      auditClient.close();
    },
  };
}
