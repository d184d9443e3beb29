/**
 * A script the API reference loads as a file (its CSP admits no inline script): names the three
 * form controls Swagger UI draws without an accessible name, whatever its settings (swagger-ui
 * issues 10957, 8092, 6512): the servers list, an enum parameter's choices and the request body's
 * editor of "Try it out". It names them as they are drawn (operations are drawn as they scroll
 * into view), so a screen reader says what each is (docs/decisions.md "Front door and API reference").
 */
export const REFERENCE_LABELS_SCRIPT = `(() => {
  'use strict';
  // A <label> wrapping the control counts the control's own options as its text: only an
  // aria-label or aria-labelledby of its own says it is named.
  const named = (el) => el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
  const name = (el, label) => { if (!named(el)) el.setAttribute('aria-label', label); };
  const label = () => {
    for (const el of document.querySelectorAll('select#servers, .servers select')) name(el, 'Server');
    for (const el of document.querySelectorAll('.parameters-col_description select')) {
      const row = el.closest('tr[data-param-name]');
      name(el, row ? row.getAttribute('data-param-name') + ': choose a value' : 'Choose a value');
    }
    for (const el of document.querySelectorAll('.opblock textarea')) name(el, 'Request body');
  };
  new MutationObserver(label).observe(document.documentElement, { childList: true, subtree: true });
  label();
})();
`;
