// Markup the platform writes for people: the booking pages and the notification emails.
export { SafeHtml, escapeHtml, html, jsonForScript } from './html.js';
export {
  MIN_TEXT_CONTRAST,
  PAGE_BACKGROUND,
  PAGE_TEXT,
  SAFE_PRIMARY,
  SAFE_ACCENT,
  parseHex,
  relativeLuminance,
  contrastRatio,
  textOn,
  themeOf,
  type Theme,
} from './contrast.js';
