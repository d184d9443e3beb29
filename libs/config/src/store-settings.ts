import { join, resolve } from 'node:path';
import type { Profile } from './load-config.js';

export type StoreConfig = { kind: 'sqlite'; file: string } | { kind: 'mongodb'; url: string; dbName: string };

/** The store a service uses in its profile: SQLite file under DATA_DIR, or its own MongoDB database. */
export function storeConfigFor(
  service: string,
  settings: { PROFILE: Profile; DATA_DIR: string; MONGODB_URL?: string | undefined; MONGODB_DB?: string | undefined },
): StoreConfig {
  if (settings.PROFILE === 'distributed') {
    if (!settings.MONGODB_URL) throw new Error('MONGODB_URL is required in the distributed profile');
    return {
      kind: 'mongodb',
      url: settings.MONGODB_URL,
      dbName: settings.MONGODB_DB ?? service.replace(/[^a-z0-9]/gi, '_'),
    };
  }
  return { kind: 'sqlite', file: join(resolve(settings.DATA_DIR), `${service}.sqlite`) };
}
