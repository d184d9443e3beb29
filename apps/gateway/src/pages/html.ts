// The escaping `html` tag lives in @svc/html (the notification emails use it too).
export { SafeHtml, escapeHtml, html, jsonForScript } from '@svc/html';
