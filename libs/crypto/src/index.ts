export {
  mintManageToken,
  verifyManageToken,
  hasAction,
  manageUrl,
  MANAGE_ACTIONS,
  MANAGE_TOKEN_PREFIX,
  MANAGE_TOKEN_TTL_MS,
  type ManageAction,
  type ManageTokenClaims,
  type ManageTokenKey,
  type ManageTokenKeys,
  type ManageTokenPayload,
} from './manage-token.js';
export { sha256Hex, hmacSha256 } from './hash.js';
export { constantTimeEqual } from './constant-time.js';
export { encodeBase64Url, decodeBase64Url } from './base64url.js';
export { SecretBox, SecretBoxError, SECRET_BOX_MIN_KEY_LENGTH } from './secret-box.js';
export {
  newWebhookSigningSecret,
  webhookSignature,
  WEBHOOK_SIGNATURE_PREFIX,
  WEBHOOK_SECRET_PREFIX,
} from './webhook-signature.js';
export {
  mintUnsubscribeToken,
  verifyUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_PREFIX,
  type UnsubscribeClaims,
} from './unsubscribe-token.js';
export { csrfToken, verifyCsrf, SESSION_COOKIE } from './csrf.js';
export { requestFingerprint } from './fingerprint.js';
