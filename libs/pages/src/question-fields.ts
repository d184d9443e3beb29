import { MAX_TEXT_ANSWER_LENGTH, MAX_TEXTAREA_ANSWER_LENGTH, type Question } from '@svc/rules';
import { html, type SafeHtml } from '@svc/html';

/**
 * A service's intake questions as form fields (docs/decisions.md "Intake questions" and "Booking
 * pages"), one fieldset per service, shown and enabled by the script only while that service is
 * chosen (client/booking-page.ts), so the browser validates and submits only its own. Every
 * control is named `answers.<key>`, the path an error names, and labelled; a required one says
 * so in words as well as with `required`.
 */
export function questionFieldsets(
  services: ReadonlyArray<{ slug: string; questions: readonly Question[] }>,
): SafeHtml[] {
  return services
    .filter((s) => s.questions.length > 0)
    .map(
      (s) =>
        html`<fieldset class="questions" data-service="${s.slug}" disabled hidden>
          <legend>A few questions</legend>
          ${s.questions.map((q) => questionField(s.slug, q))}
        </fieldset>`,
    );
}

function questionField(slug: string, q: Question): SafeHtml {
  const id = `q-${slug}-${q.key}`;
  const name = `answers.${q.key}`;
  const label = html`${q.label}${q.required ? ' (required)' : ' (optional)'}`;
  const data = { key: q.key, type: q.type };
  const required = q.required ? html` required` : '';
  switch (q.type) {
    case 'textarea':
      return html`<label for="${id}">${label}</label>
        <textarea
          id="${id}"
          name="${name}"
          data-key="${data.key}"
          data-type="${data.type}"
          maxlength="${MAX_TEXTAREA_ANSWER_LENGTH}"
          ${required}
        ></textarea>`;
    case 'select':
      return html`<label for="${id}">${label}</label>
        <select id="${id}" name="${name}" data-key="${data.key}" data-type="${data.type}" ${required}>
          <option value="">Choose…</option>
          ${q.options.map((o) => html`<option value="${o}">${o}</option>`)}
        </select>`;
    case 'multiselect':
      return html`<fieldset class="choices" id="${id}" data-key="${data.key}" data-type="${data.type}">
        <legend>${label}</legend>
        ${q.options.map(
          (o, i) =>
            html`<label class="check"
              ><input type="checkbox" id="${id}-${i}" name="${name}" value="${o}" /> ${o}</label
            >`,
        )}
      </fieldset>`;
    case 'checkbox':
      return html`<label class="check" for="${id}"
        ><input type="checkbox" id="${id}" name="${name}" data-key="${data.key}" data-type="${data.type}" ${required} />
        ${label}</label
      >`;
    default: {
      const type = { text: 'text', email: 'email', phone: 'tel', number: 'number' }[q.type];
      const extra =
        q.type === 'number' ? html` step="any" inputmode="decimal"` : html` maxlength="${MAX_TEXT_ANSWER_LENGTH}"`;
      return html`<label for="${id}">${label}</label>
        <input
          type="${type}"
          id="${id}"
          name="${name}"
          data-key="${data.key}"
          data-type="${data.type}"
          ${extra}${required}
        />`;
    }
  }
}
