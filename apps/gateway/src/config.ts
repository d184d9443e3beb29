import { z } from 'zod';
import { commonSettings, embeddedSecret, portSetting, requiredWhenDistributed, storeSettings } from '@svc/config';
import type { ManageTokenKeys } from '@svc/crypto';
import { hostPortSchema } from '@svc/rules';

const grpcAddress = hostPortSchema;

export const gatewayConfigSchema = z
  .object({
    ...commonSettings,
    HOST: z.string().default('127.0.0.1'),
    PORT: portSetting.default(8080),
    /** Public base address used in links and the OIDC redirect; defaults to http://HOST:PORT. */
    BASE_URL: z.string().url().optional(),
    CATALOG_GRPC_ADDR: grpcAddress.optional(),
    BOOKING_GRPC_ADDR: grpcAddress.optional(),
    CUSTOMER_GRPC_ADDR: grpcAddress.optional(),
    WEBHOOKS_GRPC_ADDR: grpcAddress.optional(),
    /** The gateway owns identity data (users, memberships, sessions): same store rules as a service. */
    ...storeSettings,
    /** HMAC key of CSRF tokens (at least 32 characters); embedded: generated in DATA_DIR/secrets.json. */
    SESSION_SECRET: z.string().min(32).optional(),
    OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** HMAC key of manage tokens (≥ 32 characters), named by MANAGE_TOKEN_KID; embedded: generated. */
    MANAGE_TOKEN_SECRET: z.string().min(32).optional(),
    MANAGE_TOKEN_KID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/)
      .default('k1'),
    /** Earlier keys still accepted while their tokens live: `kid:secret,kid:secret`. */
    MANAGE_TOKEN_PREVIOUS: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}:\S{32,}(,[A-Za-z0-9_-]{1,32}:\S{32,})*$/, 'kid:secret pairs, comma-separated')
      .optional(),
    /** The browser origin of the dashboard; cookie requests from another Origin are refused. */
    DASHBOARD_ORIGIN: z.string().url().optional(),
  })
  .superRefine(
    requiredWhenDistributed([
      'CATALOG_GRPC_ADDR',
      'BOOKING_GRPC_ADDR',
      'CUSTOMER_GRPC_ADDR',
      'WEBHOOKS_GRPC_ADDR',
      'MONGODB_URL',
      'SESSION_SECRET',
      'MANAGE_TOKEN_SECRET',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'BASE_URL',
    ]),
  );

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/** What the HTTP layer needs to know, resolved from the configuration. */
export interface GatewaySettings {
  baseUrl: string;
  sessionSecret: string;
  manageTokens: ManageTokenKeys;
  dashboardOrigin?: string;
  oidc: { issuer: string; clientId?: string; clientSecret?: string; redirectUri: string };
}

/** Resolves settings; `port` is the bound port (known only after listen when PORT=0). */
export function gatewaySettings(
  config: Pick<
    GatewayConfig,
    | 'MANAGE_TOKEN_SECRET'
    | 'MANAGE_TOKEN_KID'
    | 'MANAGE_TOKEN_PREVIOUS'
    | 'HOST'
    | 'BASE_URL'
    | 'DATA_DIR'
    | 'SESSION_SECRET'
    | 'OIDC_ISSUER'
    | 'OIDC_CLIENT_ID'
    | 'OIDC_CLIENT_SECRET'
    | 'DASHBOARD_ORIGIN'
  >,
  port: number,
): GatewaySettings {
  const baseUrl = (config.BASE_URL ?? `http://${config.HOST}:${port}`).replace(/\/$/, '');
  return {
    baseUrl,
    sessionSecret: config.SESSION_SECRET ?? embeddedSecret(config.DATA_DIR, 'session'),
    manageTokens: {
      current: {
        kid: config.MANAGE_TOKEN_KID,
        secret: config.MANAGE_TOKEN_SECRET ?? embeddedSecret(config.DATA_DIR, 'manage'),
      },
      previous: (config.MANAGE_TOKEN_PREVIOUS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => ({ kid: pair.slice(0, pair.indexOf(':')), secret: pair.slice(pair.indexOf(':') + 1) })),
    },
    ...(config.DASHBOARD_ORIGIN ? { dashboardOrigin: config.DASHBOARD_ORIGIN } : {}),
    oidc: {
      issuer: config.OIDC_ISSUER,
      ...(config.OIDC_CLIENT_ID ? { clientId: config.OIDC_CLIENT_ID } : {}),
      ...(config.OIDC_CLIENT_SECRET ? { clientSecret: config.OIDC_CLIENT_SECRET } : {}),
      redirectUri: `${baseUrl}/auth/google/callback`,
    },
  };
}
