import type { ComponentChildren } from 'preact';

// Parts every screen lays out the same way.

/** A titled part of a screen: its heading names it for assistive technology (aria-labelledby). */
export function Section({ titleId, title, children }: { titleId: string; title: string; children: ComponentChildren }) {
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** A table row's action: one button in a cell of its own. */
export function ButtonCell({ onClick, label, children }: { onClick: () => void; label?: string; children: string }) {
  return (
    <td>
      <button type="button" aria-label={label} onClick={onClick}>
        {children}
      </button>
    </td>
  );
}
