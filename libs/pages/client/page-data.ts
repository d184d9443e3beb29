// The server's data for a page's script, from its `<script type="application/json">` block.
export function pageData<T>(): T {
  const el = document.getElementById('page-data');
  if (!el?.textContent) throw new Error('#page-data is missing');
  return JSON.parse(el.textContent) as T;
}

/** Shows `text` in a live region (role alert/status), or clears it. */
export function announce(el: HTMLElement, text: string): void {
  el.textContent = text;
  el.hidden = text === '';
}

/** Marks the form fields an error is about (aria-invalid), and only those. */
export function markInvalid(form: HTMLFormElement, fields: readonly string[]): void {
  const controls = form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  );
  for (const el of Array.from(controls)) {
    // A disabled fieldset's fields (another service's questions) are not the form's now.
    if (el.type === 'radio' || el.matches(':disabled')) continue;
    if (fields.includes(el.name)) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
  }
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
