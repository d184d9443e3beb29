// The workspace's booking changes, pushed by the gateway (GET /api/live, server-sent events).
// EventSource reconnects by itself after a lost connection; the screen reads each changed
// booking, and everything again after a reconnect, so nothing missed while away stays missing.

/** `stopped`: the gateway refused the stream (signed out, too many open): a reload is needed. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/**
 * A tab hidden this long gives its stream up until it is shown again: a browser keeps at most six
 * connections per server over HTTP/1.1, and every open tab's stream holds one.
 */
const HIDDEN_CLOSE_MS = 60_000;

/** `onChange(bookingId)` per change; `onChange(null)`: changes may have been missed, read everything. */
export function listenForChanges(
  onChange: (bookingId: string | null) => void,
  onState: (state: LiveState) => void,
): () => void {
  let source: EventSource | null = null;
  let opened = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    const s = new EventSource('/api/live');
    s.addEventListener('ready', () => {
      onState('live');
      if (opened) onChange(null); // back after a gap: catch up
      opened = true;
    });
    s.addEventListener('booking', (e) => {
      const { bookingId } = JSON.parse((e as MessageEvent<string>).data) as { bookingId?: unknown };
      onChange(typeof bookingId === 'string' ? bookingId : null);
    });
    s.addEventListener('error', () => onState(s.readyState === EventSource.CLOSED ? 'stopped' : 'reconnecting'));
    source = s;
  };
  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(() => {
        source?.close();
        source = null;
        onState('connecting');
      }, HIDDEN_CLOSE_MS);
    } else if (!source) {
      open();
    }
  };

  open();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    source?.close();
  };
}
