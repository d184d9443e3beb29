// Plain code only: the setup wizard's browser bundle imports this module on its own
// (@svc/rules/slug-from), without the zod schemas of the rest of the package.

/**
 * A slug made from a name (the setup wizard's suggestion for the workspace, the first service's
 * slug): accents dropped, anything else than a letter or digit a hyphen, at most 63 characters;
 * '' when nothing of the name is left (the caller asks for one).
 */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}
