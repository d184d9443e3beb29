import type { DocumentStore } from './document-store.js';
import { openMongoStore, type MongoStoreOptions } from './mongo-store.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
import { tracedStore } from './traced-store.js';

/** Which store a service uses, as read from its configuration. */
export type StoreConfig = ({ kind: 'sqlite' } & SqliteStoreOptions) | ({ kind: 'mongodb' } & MongoStoreOptions);

/** Opens the configured store, traced; unreachable stores fail with StoreUnavailableError. */
export async function openStore(config: StoreConfig): Promise<DocumentStore> {
  switch (config.kind) {
    case 'sqlite': {
      const { kind: _kind, ...options } = config;
      return tracedStore(await openSqliteStore(options), 'sqlite');
    }
    case 'mongodb': {
      const { kind: _kind, ...options } = config;
      return tracedStore(await openMongoStore(options), 'mongodb');
    }
    default: {
      const unknown: never = config;
      throw new TypeError(`unknown store kind ${JSON.stringify((unknown as { kind?: unknown }).kind)}`);
    }
  }
}
