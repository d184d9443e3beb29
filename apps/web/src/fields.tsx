import type { ComponentChildren } from 'preact';

// The parts of the dashboard's forms: the labelled inputs (the label's words, then the control,
// whose value the screen keeps in its state) and the one-line form. One place for how a control
// hands its value back and how a form submits without leaving the page.

/** The input's own attributes the forms set. */
interface InputAttributes {
  id?: string;
  type?: 'text' | 'email' | 'url' | 'password' | 'tel' | 'search' | 'time';
  class?: string;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  spellcheck?: boolean;
  disabled?: boolean;
}

interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled input whose text the screen takes as it is typed. */
export function TextField({ label, value, onValue, ...input }: FieldProps & InputAttributes) {
  // Preact types an input's attributes by its type, which varies here: they are checked above.
  return (
    <label>
      {label} <input {...(input as object)} value={value} onInput={(e) => onValue(e.currentTarget.value)} />
    </label>
  );
}

/** A labelled date input: the date is taken once it is picked (change), not while it is typed. */
export function DateField({ label, value, onValue, ...input }: FieldProps & Omit<InputAttributes, 'type'>) {
  return (
    <label>
      {label} <input {...input} type="date" value={value} onChange={(e) => onValue(e.currentTarget.value)} />
    </label>
  );
}

/** One choice of a SelectField: the value the screen keeps and the words the list shows. */
export interface Choice {
  value: string;
  label: string;
}

/** A labelled list of choices. */
export function SelectField({
  label,
  value,
  onValue,
  choices,
  id,
}: FieldProps & { choices: readonly Choice[]; id?: string }) {
  return (
    <label>
      {label}{' '}
      <select id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The workspace's staff as choices, by id. */
export const staffChoices = (staff: ReadonlyArray<{ staffId: string; displayName: string }>): Choice[] =>
  staff.map((s) => ({ value: s.staffId, label: s.displayName }));

/** A form on one line whose submit stays on the page (the screen calls the API instead). */
export function InlineForm({ onSubmit, children }: { onSubmit: () => void; children: ComponentChildren }) {
  return (
    <form
      class="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
