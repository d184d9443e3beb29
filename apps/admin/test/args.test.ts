import { describe, expect, it } from 'vitest';
import { parseCommand, USAGE, UsageError } from '../src/args.js';

const tenantCreate = ['tenant:create', '--slug', 'acme', '--name', 'Acme', '--timezone', 'Europe/Berlin'];

/** The message parseCommand refuses `argv` with (fails the test when it accepts it). */
function refusal(argv: string[]): string {
  try {
    parseCommand(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('parseCommand', () => {
  it('says what is wrong with an invalid value, and "required" only for a missing option', () => {
    expect(refusal([...tenantCreate, '--owner-email', 'not-an-email'])).toBe(
      'tenant:create: --owner-email: must be an email address',
    );
    expect(refusal(tenantCreate)).toBe('tenant:create: --owner-email: required');
    expect(refusal(['tenant:create', '--slug', 'Bad Slug', '--name', '', '--timezone', 'Europe/Berlin'])).toBe(
      'tenant:create: --slug: must be a slug: lower-case letters, digits and dashes; --name: must not be empty; ' +
        '--owner-email: required',
    );
    expect(refusal(['member:add', '--tenant', 'acme', '--email', 'a@b.test', '--role', 'emperor'])).toBe(
      'member:add: --role: must be one of tenant_owner|tenant_admin|tenant_staff|tenant_viewer',
    );
    expect(refusal(['tenant:set-status', '--tenant', 'acme', '--status', 'paused'])).toBe(
      'tenant:set-status: --status: must be one of active|disabled|suspended',
    );
    expect(refusal(['session:create', '--tenant', 'acme', '--email', ''])).toBe(
      'session:create: --email: must be an email address',
    );
  });

  it('takes API key scopes comma-separated and names a bad one', () => {
    expect(
      parseCommand(['apikey:create', '--tenant', 'acme', '--name', 'ci', '--scopes', 'booking:read,branding:write']),
    ).toEqual({
      command: 'apikey:create',
      args: { tenant: 'acme', name: 'ci', scopes: ['booking:read', 'branding:write'] },
    });
    expect(refusal(['apikey:create', '--tenant', 'acme', '--name', 'ci', '--scopes', 'booking:delete'])).toBe(
      'apikey:create: --scopes: must be one of booking:read, booking:write, customer:read, customer:write, ' +
        'branding:read, branding:write, notification:read, notification:write, catalog:read, catalog:write, ' +
        'webhook:read, webhook:write, *',
    );
    expect(refusal(['apikey:create', '--tenant', 'acme', '--name', 'ci'])).toBe('apikey:create: --scopes: required');
  });

  it('takes the platform key commands: a name to create, an id to revoke, nothing to list', () => {
    expect(parseCommand(['platformkey:create', '--name', 'reseller'])).toEqual({
      command: 'platformkey:create',
      args: { name: 'reseller' },
    });
    expect(parseCommand(['platformkey:list'])).toEqual({ command: 'platformkey:list', args: {} });
    expect(parseCommand(['platformkey:revoke', '--id', 'plk_0f8e'])).toEqual({
      command: 'platformkey:revoke',
      args: { id: 'plk_0f8e' },
    });
    expect(refusal(['platformkey:create'])).toBe('platformkey:create: --name: required');
    expect(refusal(['platformkey:create', '--name', '  '])).toMatch(/^platformkey:create: --name: /);
    expect(refusal(['platformkey:revoke', '--id', 'pk_live_abc'])).toBe(
      'platformkey:revoke: --id: must be an id, like plk_…',
    );
    expect(refusal(['platformkey:list', '--tenant', 'acme'])).toMatch(/--tenant.*\nusage:/s);
  });

  it('accepts valid options and returns them typed', () => {
    expect(parseCommand([...tenantCreate, '--owner-email', 'owner@acme.test'])).toEqual({
      command: 'tenant:create',
      args: { slug: 'acme', name: 'Acme', timezone: 'Europe/Berlin', 'owner-email': 'owner@acme.test' },
    });
  });

  it('answers help for --help, -h or help, wherever --help stands', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['tenant:create', '--help'], ['frobnicate', '-h']]) {
      expect(parseCommand(argv), argv.join(' ')).toEqual({ command: 'help' });
    }
  });

  it('refuses an unknown command, an unknown option and no command with the usage', () => {
    expect(refusal(['frobnicate'])).toBe(`unknown command "frobnicate"\n${USAGE}`);
    expect(refusal([])).toBe(USAGE);
    expect(refusal([...tenantCreate, '--owner-email', 'o@x.test', '--colour', 'red'])).toMatch(/--colour.*\nusage:/s);
  });
});
