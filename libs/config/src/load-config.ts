import { z } from 'zod';

/** A required setting is absent or invalid; the process logs CONFIG_MISSING and exits non-zero. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_MISSING';
  constructor(readonly problems: Array<{ variable: string; message: string }>) {
    super(`Configuration is missing or invalid: ${problems.map((p) => `${p.variable} (${p.message})`).join(', ')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Parses environment variables with a zod schema whose keys are the variable names. */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.output<S> {
  // Empty strings count as unset, so `FOO= node main.js` fails like a missing FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: issue.path.map(String).join('.') || '(root)',
      message: issue.code === 'invalid_type' && issue.input === undefined ? 'required' : issue.message,
    })),
  );
}

/**
 * Marks variables required in the distributed profile only (the embedded profile has local
 * defaults for everything). Use as `.superRefine(requiredWhenDistributed(['MONGODB_URL']))`.
 */
export function requiredWhenDistributed<T extends { PROFILE: Profile }>(names: Array<keyof T & string>) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.PROFILE !== 'distributed') return;
    for (const name of names) {
      if (value[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required in the distributed profile' });
      }
    }
  };
}

export const profileSchema = z.enum(['embedded', 'distributed']);
export type Profile = z.infer<typeof profileSchema>;
