import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Profile } from './load-config.js';

/**
 * Where a process keeps its data, the input of `storeConfigFor`: every service, the gateway
 * (identity data) and the operator CLI (the gateway's identity store) spread these.
 */
export const storeSettings = {
  /** Embedded profile: one SQLite file per service under this folder. */
  DATA_DIR: z.string().default('./.data'),
  /**
   * Distributed profile: a MongoDB replica set, one database per service. A connection string,
   * not a WHATWG URL: a replica set lists several hosts (`mongodb://a:27017,b:27017/?replicaSet=rs0`),
   * which URL parsers refuse; the driver checks the rest.
   */
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/[^\s/?#]+(\/[^\s?#]*)?(\?\S*)?$/, 'a mongodb:// or mongodb+srv:// connection string')
    .optional(),
  /** Distributed profile: the database name; default: the service name. */
  MONGODB_DB: z.string().optional(),
};

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
