import { useState } from 'preact/hooks';
import { call, get, type Data, type Tenant } from './api.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { TextField } from './fields.js';
import { formatTime, isoDateIn, longDate } from './format.js';
import { useLoaded } from './use-loaded.js';

type PaymentAccountAnswer = Data<'/api/payments/account'>;

/**
 * The workspace's Stripe account (docs/decisions.md "Payments"): which one is connected and in
 * which mode, connect or replace it with a restricted key (a password field: the key is sent
 * once, stored encrypted, and never shown again), disconnect it.
 */
export function PaymentsPanel({ canWrite, tenant, zone }: { canWrite: boolean; tenant: Tenant; zone: string }) {
  const [secretKey, setSecretKey] = useState('');
  const { data, error, run } = useLoaded(() => get<PaymentAccountAnswer>('/api/payments/account'));
  const account = data?.account ?? null;
  const connect = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await call('PUT', '/api/payments/account', { secretKey: secretKey.trim() });
      setSecretKey('');
    });
  };

  return (
    <Section titleId="payments-title" title="Payments">
      {error && <ErrorNote error={error} />}
      {data && !account && (
        <p class="hint" id="payments-none">
          No Stripe account is connected: services that take a deposit or the full price cannot be booked.
        </p>
      )}
      {account && (
        <p id="payments-account">
          Stripe{account.account ? `: ${account.account}` : ''} ·{' '}
          <span class={account.mode === 'live' ? '' : 'status-held'}>
            {account.mode === 'live' ? 'live mode' : 'test mode (no real money)'}
          </span>{' '}
          · connected{' '}
          <time dateTime={new Date(account.connectedAtMs).toISOString()}>
            {`${longDate(isoDateIn(account.connectedAtMs, zone), tenant.locale)} ${formatTime(account.connectedAtMs, tenant.locale, zone)}`}
          </time>{' '}
          {canWrite && (
            <button
              type="button"
              id="payments-disconnect"
              onClick={() => void run(() => call('DELETE', '/api/payments/account'))}
            >
              Disconnect
            </button>
          )}
        </p>
      )}
      {canWrite && (
        <form class="inline-form" onSubmit={connect}>
          <TextField
            label="Stripe restricted key"
            id="stripe-key"
            type="password"
            required
            autoComplete="off"
            spellcheck={false}
            placeholder="rk_live_…"
            value={secretKey}
            onValue={setSecretKey}
          />
          <button type="submit">{account ? 'Replace the key' : 'Connect Stripe'}</button>
        </form>
      )}
      <p class="hint">
        In Stripe’s dashboard (Developers, API keys), create a restricted key with write access to Checkout Sessions,
        Payment Intents, Refunds and Customers (an erased customer is deleted in Stripe too). It is checked with Stripe,
        stored encrypted and never shown again.
      </p>
    </Section>
  );
}
