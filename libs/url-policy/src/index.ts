export {
  NOT_ALLOWED_ADDRESS,
  RESOLVE_TIMEOUT_MS,
  UrlPolicy,
  type Resolver,
  type UrlCheck,
  type UrlPolicySettings,
} from './url-policy.js';
export { pinnedLookup } from './pinned-lookup.js';
