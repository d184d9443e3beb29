import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  profileSchema,
  requiredWhenDistributed,
  serviceSettings,
  storeConfigFor,
  storeSettings,
} from '../src/index.js';

const schema = z
  .object({ ...serviceSettings, REDIS_URL: z.string().optional() })
  .superRefine(requiredWhenDistributed(['MONGODB_URL', 'REDIS_URL']));

describe('loadConfig', () => {
  it('gives the embedded profile working defaults', () => {
    const cfg = loadConfig(schema, {});
    expect(cfg).toMatchObject({ PROFILE: 'embedded', GRPC_PORT: 0, DATA_DIR: './.data' });
    expect(storeConfigFor('catalog', cfg)).toMatchObject({ kind: 'sqlite' });
  });

  it('names every missing setting of the distributed profile with CONFIG_MISSING', () => {
    const err = (() => {
      try {
        loadConfig(schema, { PROFILE: 'distributed', REDIS_URL: '' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).code).toBe('CONFIG_MISSING');
    expect((err as ConfigError).problems.map((p) => p.variable).sort()).toEqual(['MONGODB_URL', 'REDIS_URL']);
  });

  it('rejects invalid values', () => {
    expect(() => loadConfig(schema, { GRPC_PORT: 'eighty' })).toThrow(/GRPC_PORT/);
  });

  it('derives one database per service in the distributed profile', () => {
    const cfg = loadConfig(schema, {
      PROFILE: 'distributed',
      MONGODB_URL: 'mongodb://db:27017/?replicaSet=rs0',
      REDIS_URL: 'redis://r',
    });
    expect(storeConfigFor('webhook-dispatcher', cfg)).toEqual({
      kind: 'mongodb',
      url: 'mongodb://db:27017/?replicaSet=rs0',
      dbName: 'webhook_dispatcher',
    });
  });
});

describe('storeSettings', () => {
  const storeOnly = z.object({ PROFILE: profileSchema.default('embedded'), ...storeSettings });

  it('is what serviceSettings uses for the store', () => {
    for (const name of Object.keys(storeSettings) as Array<keyof typeof storeSettings>) {
      expect(serviceSettings[name]).toBe(storeSettings[name]);
    }
  });

  it('alone is enough for storeConfigFor in both profiles, and checks the MongoDB URL', () => {
    expect(storeConfigFor('gateway', loadConfig(storeOnly, { DATA_DIR: '/tmp/x' }))).toEqual({
      kind: 'sqlite',
      file: '/tmp/x/gateway.sqlite',
    });
    const distributed = loadConfig(storeOnly, {
      PROFILE: 'distributed',
      MONGODB_URL: 'mongodb://db:27017',
      MONGODB_DB: 'identity',
    });
    expect(storeConfigFor('gateway', distributed)).toEqual({
      kind: 'mongodb',
      url: 'mongodb://db:27017',
      dbName: 'identity',
    });
    expect(() => loadConfig(storeOnly, { MONGODB_URL: 'not a url' })).toThrow(/MONGODB_URL/);
    expect(() => loadConfig(storeOnly, { MONGODB_URL: 'https://db:27017' })).toThrow(/MONGODB_URL/);
  });

  it('takes a replica set of several hosts and an SRV record as the MongoDB URL', () => {
    for (const url of [
      'mongodb://user:p%40ss@mongodb-0.mongodb:27017,mongodb-1.mongodb:27017,mongodb-2.mongodb:27017/?replicaSet=rs0',
      'mongodb+srv://user:secret@cluster0.example.net/booking?retryWrites=true&w=majority',
    ]) {
      expect(loadConfig(storeOnly, { PROFILE: 'distributed', MONGODB_URL: url }).MONGODB_URL).toBe(url);
    }
  });
});
