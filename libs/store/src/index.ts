export {
  DuplicateKeyError,
  StoreUnavailableError,
  type Collection,
  type Document,
  type DocumentStore,
  type FieldCondition,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Scalar,
  type Tx,
} from './document-store.js';
export { SqliteDocumentStore, openSqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
export {
  MongoDocumentStore,
  MongoTopologyConfigError,
  openMongoStore,
  type MongoStoreOptions,
  type MongoTransactionOptions,
} from './mongo-store.js';
export { openStore, type StoreConfig } from './open-store.js';
export {
  encodePageCursor,
  decodePageCursor,
  PAGE_CURSOR_MESSAGE,
  PAGE_CURSOR_PATTERN,
  encodeKeyCursor,
  decodeKeyCursor,
  KEY_CURSOR_PATTERN,
  type KeyPosition,
  type PagePosition,
} from './page-cursor.js';
export {
  findPage,
  findLogPage,
  filteredListIndex,
  listIndex,
  LIST_ORDER,
  findByPrefix,
  prefixIndex,
  PREFIX_END,
  type FindPageOptions,
  type Page,
  type PageRequest,
  type PrefixRead,
} from './paged-find.js';
export { DueLoop, waitFor } from './due-loop.js';
