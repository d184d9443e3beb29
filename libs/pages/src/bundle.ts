import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root, from src (tests) or dist/server (built) alike. */
const PACKAGE_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../../' : '../', import.meta.url),
);
/** `vite build` (vite.config.ts): the pages' modules in js/, their style sheet in css/, the manifest. */
const BROWSER_DIR = join(PACKAGE_ROOT, 'dist', 'browser');
/** `vite build --config vite.embed.config.ts`: the classic script of GET /embed.js. */
const EMBED_FILE = join(PACKAGE_ROOT, 'dist', 'embed', 'embed.js');
const MANIFEST = join(BROWSER_DIR, 'manifest.json');

/** The pages' built browser files, as the server that serves them holds them. */
export interface PageAssets {
  /** A hash of every file: part of each asset's URL, so a cached copy is never stale. */
  version: string;
  /** js/ and css/ by file name. */
  scripts: ReadonlyMap<string, string>;
  styles: ReadonlyMap<string, string>;
  /** The file of each entry of the build, by its name (`booking-page`, `manage-page`, `pages`): the manifest's. */
  entries: ReadonlyMap<string, string>;
  /** GET /embed.js. */
  embed: string;
}

const filesOf = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
}

const MISSING = 'is missing: build @svc/pages (npm run build) first';

/** Reads the pages' scripts, style sheet and widget once, at start-up. */
export function loadPageAssets(): PageAssets {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} ${MISSING}`);
  if (!existsSync(EMBED_FILE)) throw new Error(`${EMBED_FILE} ${MISSING}`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const entries = new Map(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry && chunk.name !== undefined)
      .map((chunk) => [chunk.name!, chunk.file.replace(/^.*\//, '')]),
  );
  const scripts = filesOf(join(BROWSER_DIR, 'js'));
  const styles = filesOf(join(BROWSER_DIR, 'css'));
  const hash = createHash('sha256');
  for (const [name, text] of [...scripts, ...styles]) hash.update(name).update('\0').update(text).update('\0');
  return {
    version: hash.digest('hex').slice(0, 12),
    scripts,
    styles,
    entries,
    embed: readFileSync(EMBED_FILE, 'utf8'),
  };
}

const fileOf = (assets: PageAssets, entry: string): string => {
  const file = assets.entries.get(entry);
  if (file === undefined) throw new Error(`the pages' build has no entry ${entry}`);
  return file;
};

/** Where the server serves a page's module (`entry`: its name in vite.config.ts). */
export const scriptUrl = (assets: PageAssets, entry: string): string =>
  `/assets/${assets.version}/js/${fileOf(assets, entry)}`;
/** Where the server serves a style sheet. */
export const styleUrl = (assets: PageAssets, entry: string): string =>
  `/assets/${assets.version}/css/${fileOf(assets, entry)}`;
/** A style sheet's text, for a server that hands it to another renderer (the API reference's overrides). */
export const styleText = (assets: PageAssets, entry: string): string => assets.styles.get(fileOf(assets, entry))!;
