import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES } from '@svc/rules';
import { apiKeyNameSchema, apiKeyScopesSchema, emailSchema as email, ID_PATTERN, SLUG_PATTERN } from '@svc/rules';

// Each message says what a value must be: the CLI prints it after the option's name.
const slug = z.string().regex(SLUG_PATTERN, 'must be a slug: lower-case letters, digits and dashes');
const text = z.string().min(1, 'must not be empty');
const id = z.string().regex(ID_PATTERN, 'must be an id, like plk_…');
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, `must be one of ${values.join('|')}`);

/** Every command with the options it takes; zod turns bad input into one clear message. */
export const commandSchemas = {
  'tenant:create': z.object({
    slug,
    name: text,
    timezone: text,
    'owner-email': email,
    locale: z.string().optional(),
  }),
  'member:add': z.object({ tenant: slug, email, role: oneOf(ROLES) }),
  'session:create': z.object({ tenant: slug, email }),
  'session:link': z.object({ tenant: slug, email }),
  // The setup wizard's one-time link while no workspace exists (docs/decisions.md "First start").
  'setup:link': z.object({}),
  'tenant:set-status': z.object({ tenant: slug, status: oneOf(['active', 'disabled', 'suspended']) }),
  'apikey:create': z.object({
    tenant: slug,
    name: apiKeyNameSchema,
    // Comma-separated, as a shell passes them: "booking:read,booking:write" or "*".
    scopes: z
      .string()
      .transform((list) => list.split(',').map((s) => s.trim()))
      .pipe(apiKeyScopesSchema),
  }),
  // Operator-level keys of /platform/v1 (docs/decisions.md "Platform provisioning"): made here only.
  'platformkey:create': z.object({ name: apiKeyNameSchema }),
  'platformkey:list': z.object({}),
  'platformkey:revoke': z.object({ id }),
} as const;

export type CommandName = keyof typeof commandSchemas;
export type CommandArgs<C extends CommandName> = z.output<(typeof commandSchemas)[C]>;
export type ParsedCommand = { [C in CommandName]: { command: C; args: CommandArgs<C> } }[CommandName];
/** `--help` or `-h` anywhere, or `help` as the command: print USAGE and exit 0. */
export type ParsedArgv = ParsedCommand | { command: 'help' };

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `usage: npm run --silent admin -- <command> [--option value ...]
  tenant:create     --slug acme --name "Acme Dental" --timezone Europe/Berlin --owner-email owner@acme.test [--locale de]
  member:add        --tenant acme --email viewer@acme.test --role ${ROLES.join('|')}
  session:create    --tenant acme --email owner@acme.test
  session:link      --tenant acme --email owner@acme.test (a one-time sign-in URL, 10 minutes)
  setup:link        (the setup wizard's one-time URL, while no workspace exists; a new one replaces the last)
  tenant:set-status --tenant acme --status active|disabled|suspended
  apikey:create     --tenant acme --name ci --scopes "*" (or comma-separated: booking:read,booking:write,…)
  platformkey:create --name reseller (a pk_live_ key for /platform/v1; the secret is printed once)
  platformkey:list
  platformkey:revoke --id plk_…
  --help            this text`;

const HELP = new Set(['--help', '-h']);

export function parseCommand(argv: string[]): ParsedArgv {
  const [command, ...rest] = argv;
  if (command === 'help' || argv.some((a) => HELP.has(a))) return { command: 'help' };
  if (!command || !(command in commandSchemas)) {
    throw new UsageError(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  }
  const name = command as CommandName;
  const options = Object.fromEntries(
    Object.keys(commandSchemas[name].shape).map((k) => [k, { type: 'string' as const }]),
  );
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: rest, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const parsed = commandSchemas[name].safeParse(values);
  if (!parsed.success) {
    // zod 4 leaves `input` off its issues, so whether the option was given is read from `values`.
    const problems = parsed.error.issues.map((i) => {
      const option = String(i.path[0]);
      return `--${option}: ${values[option] === undefined ? 'required' : i.message}`;
    });
    throw new UsageError(`${name}: ${problems.join('; ')}`);
  }
  return { command: name, args: parsed.data } as ParsedCommand;
}
