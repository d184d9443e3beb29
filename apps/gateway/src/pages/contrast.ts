// The WCAG contrast rules live in @svc/html (the notification emails use them too).
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
} from '@svc/html';
