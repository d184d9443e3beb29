import { embeddedSecret, readPlatformRuntime, storeConfigFor } from '@svc/config';
import { ApiKeyStore, IdentityStore, PlatformKeyStore } from '@svc/gateway';
import { ChangeRecorder, connectService, type AuditClient, type CatalogClient } from '@svc/grpc';
import { auditV1, catalogV1 } from '@svc/proto';
import { openStore } from '@svc/store';
import { UsageError } from './args.js';
import type { AdminConfig } from './config.js';

/** What the commands work with: the catalog service, the gateway's identity data, its secret. */
export interface PlatformConnection {
  catalog: CatalogClient;
  identity: IdentityStore;
  apiKeys: ApiKeyStore;
  /** The operator-level keys of /platform/v1, which only this tool makes. */
  platformKeys: PlatformKeyStore;
  /** The identity service's audit log: every command that changes something is recorded (run-command.ts). */
  audit: ChangeRecorder;
  sessionSecret: string;
  /** The gateway's public address (BASE_URL, or the running embedded platform's), when known. */
  baseUrl: string | null;
  close(): Promise<void>;
}

export async function connectToPlatform(config: AdminConfig): Promise<PlatformConnection> {
  const runtime = readPlatformRuntime(config.DATA_DIR);
  const catalogAddress = config.CATALOG_GRPC_ADDR ?? runtime?.services.catalog;
  if (!catalogAddress) {
    throw new UsageError(
      `no running platform found in ${config.DATA_DIR} (start it with "npm start", or set CATALOG_GRPC_ADDR)`,
    );
  }
  const store = await openStore(storeConfigFor('gateway', config));
  const identity = new IdentityStore(store);
  await identity.ensureIndexes();
  const auditClient: AuditClient = connectService(auditV1.AuditServiceService, identityAddressOf(config, runtime));
  const audit = new ChangeRecorder(auditClient, (err) =>
    process.stderr.write(`admin: the audit record could not be completed: ${(err as Error).message}\n`),
  );
  const catalog = connectService(catalogV1.CatalogServiceService, catalogAddress);
  return {
    catalog,
    identity,
    apiKeys: new ApiKeyStore(store),
    platformKeys: new PlatformKeyStore(store),
    audit,
    sessionSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
    baseUrl: config.BASE_URL ?? runtime?.url ?? null,
    async close() {
      catalog.close();
      auditClient.close();
      await store.close();
    },
  };
}

/** The identity service (AuditService): IDENTITY_GRPC_ADDR, or the running embedded platform's. */
function identityAddressOf(config: AdminConfig, runtime: ReturnType<typeof readPlatformRuntime>): string {
  const address = config.IDENTITY_GRPC_ADDR ?? runtime?.services.identity;
  if (!address) {
    throw new UsageError(
      `no identity service found in ${config.DATA_DIR} (start the platform with "npm start", or set IDENTITY_GRPC_ADDR)`,
    );
  }
  return address;
}
