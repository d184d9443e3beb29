/**
 * The customer export's text of a message (docs/decisions.md "Privacy"): a customer's messages
 * carry their manage link (cancel, reschedule) and a reminder its unsubscribe link, and the
 * export is read by the business's admins and by partner keys with only `customer:read`, so the
 * signed tokens in those links are replaced. The stored message keeps them (a resend sends it).
 */
import { MANAGE_TOKEN_PREFIX, UNSUBSCRIBE_TOKEN_PREFIX } from '@svc/crypto';

/** What stands where a token was. */
export const LINK_REMOVED = '[link removed]';

/**
 * A token's prefix, a dot and its base64url segments: the whole token, however many segments
 * (a truncated or altered one too), wherever it stands (a URL's path, a query, plain text). A
 * dot after the last segment ends a sentence, not the token.
 */
const TOKENS = new RegExp(
  `(?:${MANAGE_TOKEN_PREFIX}|${UNSUBSCRIBE_TOKEN_PREFIX})\\.[A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)*`,
  'g',
);

/** The text with every manage and unsubscribe token replaced by LINK_REMOVED. */
export const withoutLinkTokens = (text: string): string => text.replace(TOKENS, LINK_REMOVED);
