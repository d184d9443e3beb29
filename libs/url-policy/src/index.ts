export {
  HTTP_LOOPBACK_ONLY,
  HTTPS_ONLY,
  NOT_ALLOWED_ADDRESS,
  NOT_ALLOWED_ADDRESS_LOOPBACK,
  RESOLVE_TIMEOUT_MS,
  UrlPolicy,
  type Resolver,
  type UrlCheck,
  type UrlPolicySettings,
} from './url-policy.js';
export { pinnedLookup } from './pinned-lookup.js';
