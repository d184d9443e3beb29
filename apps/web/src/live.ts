// The workspace's booking changes, pushed by the gateway (GET /api/live, server-sent events).
// EventSource reconnects by itself after a lost connection; the screen reloads its data on
// every change and after each reconnect, so nothing missed while away stays missing.

/** `stopped`: the gateway refused the stream (signed out, too many open): a reload is needed. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export function listenForChanges(onChange: () => void, onState: (state: LiveState) => void): () => void {
  const source = new EventSource('/api/live');
  let opened = false;
  source.addEventListener('ready', () => {
    onState('live');
    if (opened) onChange(); // back after a gap: catch up
    opened = true;
  });
  source.addEventListener('booking', () => onChange());
  source.addEventListener('error', () =>
    onState(source.readyState === EventSource.CLOSED ? 'stopped' : 'reconnecting'),
  );
  return () => source.close();
}
