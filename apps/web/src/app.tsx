import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, type Session } from './api.js';
import { DayScreen } from './day-screen.js';
import { ErrorNote } from './error-note.js';

type Load =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'failed'; error: ApiError }
  | { state: 'in'; session: Session };

/** The session decides the screen: the sign-in offer without one, the day with one. */
export function App() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    get<Session>('/api/session').then(
      // The SDK's client keeps the answer's CSRF token for the writes (api.ts).
      (session) => setLoad({ state: 'in', session }),
      (error: ApiError) =>
        setLoad(
          error.code === 'AUTH_REQUIRED' || error.code === 'SESSION_EXPIRED'
            ? { state: 'signed-out' }
            : { state: 'failed', error },
        ),
    );
  }, []);

  if (load.state === 'loading')
    return (
      <main class="centered" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  if (load.state === 'signed-out') return <SignIn />;
  if (load.state === 'failed') {
    return (
      <main class="centered">
        <h1>The dashboard could not start</h1>
        <ErrorNote error={load.error} />
      </main>
    );
  }
  return <DayScreen session={load.session} />;
}

function SignIn() {
  return (
    <main class="centered">
      <h1>Sign in to the dashboard</h1>
      <p>
        <a class="button primary" href="/auth/google/start?returnTo=%2Fdashboard">
          Sign in with Google
        </a>
      </p>
      <p class="hint">
        An operator can also print a one-time sign-in link:{' '}
        <code>npm run --silent admin -- session:link --tenant &lt;slug&gt; --email &lt;you&gt;</code>
      </p>
    </main>
  );
}
