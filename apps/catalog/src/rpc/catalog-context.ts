import type { DocumentStore } from '@svc/store';
import type { Logger } from '@svc/telemetry';
import type { CatalogRepositories } from '../store/catalog-repositories.js';

/** What every handler needs: the store (for transactions), its repositories, a logger and the clock. */
export interface CatalogContext {
  store: DocumentStore;
  repos: CatalogRepositories;
  logger: Logger;
  now: () => number;
}
