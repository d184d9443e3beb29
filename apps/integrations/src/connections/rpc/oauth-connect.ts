/**
 * Connecting an account through OAuth (docs/decisions.md "Integrations"): the same two steps for
 * every OAuth provider. Start stores the attempt (a hash of the state, the sealed PKCE verifier,
 * the provider, 10 minutes) and answers the provider's authorization URL; complete takes the
 * attempt once, for its tenant and provider only, exchanges the code and stores the connection
 * with what the provider's connector says the grant connects (its account, its calendars).
 */
import { DomainError, requireTenantId, throwIfViolations, type FieldViolation } from '@svc/errors';
import type { SecretBox } from '@svc/crypto';
import type { integrationsV1 } from '@svc/proto';
import { actionFailed, notConnected, sealTokens } from '../connections.js';
import { newConnectionId } from '../../domain/ids.js';
import {
  newOAuthState,
  newPkceVerifier,
  TokenExchangeError,
  type OAuthClient,
  type OAuthTokens,
} from '../providers/oauth-client.js';
import { ProviderAuthError } from '../../providers/provider.js';
import type { ConnectionRepository } from '../store/connection-repository.js';
import { OAuthStateRepository } from '../store/oauth-state-repository.js';
import { OAUTH_STATE_TTL_MS, type ConnectionDoc, type OAuthProvider } from '../../store/records.js';
import { toConnectionMessage } from '../../rpc/mapping.js';

/** What a new grant connects, as its provider tells (checked with the grant where it can be). */
export interface GrantedAccount {
  account: string;
  busyCalendarIds: string[];
  bookingCalendarId: string | null;
}

/** One OAuth provider's client and what a fresh grant of it connects. */
export interface OAuthConnector {
  client: OAuthClient;
  /** The provider's name in messages ("Google Calendar", "Microsoft 365"). */
  title: string;
  /** The account of new tokens; a ProviderAuthError when the provider refuses them. */
  describe(tokens: OAuthTokens): Promise<GrantedAccount>;
}

export type OAuthConnectors = Partial<Record<OAuthProvider, OAuthConnector>>;

const OAUTH_PROVIDERS: readonly OAuthProvider[] = ['google', 'microsoft', 'zoom'];

const TITLES: Record<OAuthProvider, string> = { google: 'Google Calendar', microsoft: 'Microsoft 365', zoom: 'Zoom' };

export interface OAuthConnectDeps {
  connectors: OAuthConnectors;
  states: OAuthStateRepository;
  connections: ConnectionRepository;
  secrets: SecretBox;
  now: () => number;
}

/** The request's provider, checked (a provider the platform has no client of: PROVIDER_NOT_CONNECTED). */
function connectorOf(deps: OAuthConnectDeps, provider: string, violations: FieldViolation[]) {
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) {
    violations.push({ path: 'provider', message: `must be one of ${OAUTH_PROVIDERS.join(', ')}` });
    return null;
  }
  return { provider: provider as OAuthProvider, connector: deps.connectors[provider as OAuthProvider] };
}

export async function startOAuthConnect(
  deps: OAuthConnectDeps,
  req: integrationsV1.StartOAuthConnectRequest,
): Promise<integrationsV1.StartOAuthConnectResponse> {
  const tenantId = requireTenantId(req.tenantId);
  const violations: FieldViolation[] = [];
  const chosen = connectorOf(deps, req.provider, violations);
  if (req.staffId === '') violations.push({ path: 'staffId', message: 'is required' });
  if (!/^https?:\/\//.test(req.redirectUri))
    violations.push({ path: 'redirectUri', message: 'must be an http(s) URL' });
  throwIfViolations(violations);
  const { provider, connector } = chosen!;
  if (!connector) throw notConnected(TITLES[provider]);
  const state = newOAuthState();
  const verifier = newPkceVerifier();
  const _id = OAuthStateRepository.idOf(state);
  await deps.states.insert({
    _id,
    tenantId,
    staffId: req.staffId,
    provider,
    sealedVerifier: deps.secrets.seal(verifier, _id),
    redirectUri: req.redirectUri,
    expiresAtMs: deps.now() + OAUTH_STATE_TTL_MS,
  });
  return { authorizationUrl: connector.client.authorizationUrl(state, verifier, req.redirectUri) };
}

export async function completeOAuthConnect(
  deps: OAuthConnectDeps,
  req: integrationsV1.CompleteOAuthConnectRequest,
): Promise<integrationsV1.CompleteOAuthConnectResponse> {
  const tenantId = requireTenantId(req.tenantId);
  const violations: FieldViolation[] = [];
  const chosen = connectorOf(deps, req.provider, violations);
  throwIfViolations(violations);
  const { provider, connector } = chosen!;
  if (!connector) throw notConnected(TITLES[provider]);
  // Unknown, used, expired, another tenant's or another provider's: the same answer.
  const attempt = req.state === '' ? null : await deps.states.take(tenantId, req.state, deps.now());
  if (!attempt || (attempt.provider ?? 'google') !== provider) {
    throw new DomainError(
      'OAUTH_STATE_INVALID',
      'This authorization is unknown, expired or already used; connect again.',
    );
  }
  const verifier = deps.secrets.open(attempt.sealedVerifier, attempt._id);
  const refused = (why: string) =>
    new DomainError('OAUTH_TOKEN_EXCHANGE_FAILED', `${connector.title} did not grant access (${why}); connect again.`);
  let tokens: OAuthTokens;
  try {
    if (req.code === '') throw new TokenExchangeError('no authorization code');
    tokens = await connector.client.exchange(req.code, verifier, attempt.redirectUri, deps.now());
  } catch (err) {
    if (!(err instanceof TokenExchangeError)) throw err;
    throw refused(err.message);
  }
  let granted: GrantedAccount;
  try {
    granted = await connector.describe(tokens);
  } catch (err) {
    if (err instanceof ProviderAuthError) throw refused(err.message);
    throw actionFailed(err);
  }
  const at = deps.now();
  const _id = newConnectionId();
  const doc: ConnectionDoc = {
    _id,
    tenantId,
    staffId: attempt.staffId,
    provider,
    status: 'connected',
    serverUrl: '',
    account: granted.account,
    sealedSecret: sealTokens(deps.secrets, tokens, _id),
    busyCalendarIds: granted.busyCalendarIds,
    bookingCalendarId: granted.bookingCalendarId,
    lastSyncAtMs: null,
    createdAtMs: at,
    updatedAtMs: at,
  };
  await deps.connections.insert(doc);
  return { connection: toConnectionMessage(doc) };
}
