import { useState } from 'preact/hooks';
import { API_KEY_SCOPES, type ApiKeyScope } from '@svc/rules/api-key-scopes';
import { call, get, getAll, post, type Data, type Session, type Tenant } from './api.js';
import { useLoaded } from './use-loaded.js';
import { ErrorNote } from './error-note.js';
import { InlineForm, SelectField, TextField } from './fields.js';
import { ButtonCell } from './screen-parts.js';
import { formatTime, isoDateIn, longDate } from './format.js';

type Subscription = Data<'/api/webhook-subscriptions'>['items'][number];
type NewSubscription = Data<'/api/webhook-subscriptions', 'post'>;
type Delivery = Data<'/api/webhook-deliveries'>['items'][number];
type ApiKey = Data<'/api/api-keys'>['items'][number];
type NewApiKey = Data<'/api/api-keys', 'post'>;
type Member = Data<'/api/members'>['items'][number];

/** The scopes a key may hold (docs/decisions.md "API keys and scopes"); `*` is every one. */
const SCOPES: ReadonlyArray<ApiKey['scopes'][number]> = API_KEY_SCOPES;
// Every scope the API documents is offered: a new one fails this line until the rules list it.
const everyScope: Exclude<ApiKey['scopes'][number], ApiKeyScope | '*'> extends never ? true : never = true;
void everyScope;

/** A secret the API shows once: copied now or never. */
function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <div class="secret" role="status">
      <p>
        <strong>{label}</strong> It is shown this once; store it now.
      </p>
      <p>
        <code id="shown-secret">{secret}</code>
      </p>
      <button type="button" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}

const when = (ms: number, tenant: Tenant, zone: string) =>
  `${longDate(isoDateIn(ms, zone), tenant.locale)} ${formatTime(ms, tenant.locale, zone)}`;

/** Webhook subscriptions (create, rotate the secret, delete) and the delivery log with replay. */
export function WebhooksScreen({ session, tenant, zone }: { session: Session; tenant: Tenant; zone: string }) {
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const { data, error, run, reload } = useLoaded(async () => ({
    subs: await getAll<Subscription>('/api/webhook-subscriptions'),
    deliveries: (await get<{ items: Delivery[] }>('/api/webhook-deliveries?limit=50')).items,
  }));
  const subs = data?.subs ?? null;
  const deliveries = data?.deliveries ?? [];

  return (
    <main>
      <h1>Webhooks</h1>
      {error && <ErrorNote error={error} />}
      {secret && <SecretOnce label="The signing secret." secret={secret} onDone={() => setSecret(null)} />}
      {canWrite && (
        <InlineForm
          onSubmit={() => {
            void run(async () => {
              const made = await post<NewSubscription>('/api/webhook-subscriptions', { url: url.trim() });
              setSecret(made.signingSecret);
              setUrl('');
            });
          }}
        >
          <TextField label="Endpoint URL" id="webhook-url" type="url" required value={url} onValue={setUrl} />
          <button type="submit" class="primary">
            Subscribe to every event
          </button>
        </InlineForm>
      )}
      <h2>Subscriptions</h2>
      {subs && subs.length === 0 && <p class="hint">None yet.</p>}
      <ul class="plain" id="subscriptions">
        {subs?.map((s) => (
          <li key={s.subscriptionId}>
            <code>{s.url}</code> · {s.events.length === 0 ? 'every event' : s.events.join(', ')} · {s.status}{' '}
            {canWrite && (
              <>
                <button
                  type="button"
                  onClick={() =>
                    void run(async () =>
                      setSecret(
                        (await post<NewSubscription>(`/api/webhook-subscriptions/${s.subscriptionId}/rotate-secret`))
                          .signingSecret,
                      ),
                    )
                  }
                >
                  Rotate secret
                </button>{' '}
                <button
                  type="button"
                  onClick={() =>
                    void run(async () => void (await call('DELETE', `/api/webhook-subscriptions/${s.subscriptionId}`)))
                  }
                >
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <h2>Deliveries</h2>
      <button type="button" onClick={() => void reload()}>
        Reload
      </button>
      {deliveries.length === 0 ? (
        <p class="hint">No deliveries yet.</p>
      ) : (
        <table class="log" id="deliveries">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Event</th>
              <th scope="col">Booking</th>
              <th scope="col">Status</th>
              <th scope="col">Series</th>
              {canWrite && <th scope="col">Replay</th>}
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.deliveryId} data-delivery-id={d.deliveryId}>
                <td>{when(d.createdAtMs, tenant, zone)}</td>
                <td>{d.eventType}</td>
                <td>
                  <a href={`#/booking/${d.bookingId}`}>{d.bookingId}</a>
                </td>
                <td class="delivery-status">
                  {d.status} ({d.attemptCount} attempt{d.attemptCount === 1 ? '' : 's'})
                </td>
                <td class="delivery-series">{d.series}</td>
                {canWrite && (
                  <ButtonCell
                    onClick={() =>
                      void run(async () => void (await post(`/api/webhook-deliveries/${d.deliveryId}/replay`)))
                    }
                  >
                    Replay
                  </ButtonCell>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

/** API keys: create (the secret shown once), rotate, revoke. */
export function ApiKeysScreen({ session, tenant, zone }: { session: Session; tenant: Tenant; zone: string }) {
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['booking:read']);
  const [secret, setSecret] = useState<string | null>(null);
  const { data: keys, error, run } = useLoaded(() => getAll<ApiKey>('/api/api-keys'));

  return (
    <main>
      <h1>API keys</h1>
      <p class="hint">
        Partners call <code>/v1</code> with a key as <code>Authorization: Bearer …</code> and this workspace's id{' '}
        <code>{session.tenant.tenantId}</code> as <code>X-Service-Tenant-Id</code>.
      </p>
      {error && <ErrorNote error={error} />}
      {secret && <SecretOnce label="The key's secret." secret={secret} onDone={() => setSecret(null)} />}
      {canWrite && (
        <InlineForm
          onSubmit={() => {
            void run(async () => {
              setSecret((await post<NewApiKey>('/api/api-keys', { name: name.trim(), scopes })).secret);
              setName('');
            });
          }}
        >
          <TextField label="Name" id="key-name" required maxLength={100} value={name} onValue={setName} />
          <fieldset>
            <legend>Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope} class="scope">
                <input
                  type="checkbox"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(e) =>
                    setScopes((list) =>
                      (e.target as HTMLInputElement).checked ? [...list, scope] : list.filter((x) => x !== scope),
                    )
                  }
                />{' '}
                {scope}
              </label>
            ))}
          </fieldset>
          <button type="submit" class="primary">
            Create key
          </button>
        </InlineForm>
      )}
      {keys && keys.length === 0 && <p class="hint">No keys yet.</p>}
      <ul class="plain" id="api-keys">
        {keys?.map((k) => (
          <li key={k.apiKeyId} data-key-id={k.apiKeyId}>
            <strong>{k.name}</strong> <code>{k.prefix}…</code> · {k.scopes.join(', ')} ·{' '}
            <span class="key-status">{k.status}</span>
            {k.lastUsedAtMs !== null && (
              <span class="hint"> · last used {when(k.lastUsedAtMs, tenant, zone)}</span>
            )}{' '}
            {canWrite && k.status === 'active' && (
              <>
                <button
                  type="button"
                  onClick={() =>
                    void run(async () =>
                      setSecret((await post<NewApiKey>(`/api/api-keys/${k.apiKeyId}/rotate`)).secret),
                    )
                  }
                >
                  Rotate
                </button>{' '}
                <button
                  type="button"
                  class="revoke"
                  onClick={() => void run(async () => void (await post(`/api/api-keys/${k.apiKeyId}/revoke`)))}
                >
                  Revoke
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

const ROLE_WORDS: Record<Member['role'], string> = {
  tenant_owner: 'Owner',
  tenant_admin: 'Admin',
  tenant_staff: 'Staff',
  tenant_viewer: 'Viewer',
};

/** Who may use the dashboard: owners add members by email, change roles and remove them. */
export function MembersScreen({ session }: { session: Session }) {
  const isOwner = session.role === 'tenant_owner';
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Member['role']>('tenant_staff');
  const { data: members, error, run } = useLoaded(() => getAll<Member>('/api/members'));

  return (
    <main>
      <h1>Members</h1>
      <p class="hint">A member signs in with Google under their address, or with a one-time link an operator prints.</p>
      {error && <ErrorNote error={error} />}
      {isOwner && (
        <InlineForm
          onSubmit={() => {
            void run(async () => {
              await post('/api/members', { email: email.trim(), role });
              setEmail('');
            });
          }}
        >
          <TextField label="Email" id="member-email" type="email" required value={email} onValue={setEmail} />
          <SelectField
            label="Role"
            id="member-role"
            value={role}
            onValue={(value) => setRole(value as Member['role'])}
            choices={Object.entries(ROLE_WORDS).map(([value, label]) => ({ value, label }))}
          />
          <button type="submit" class="primary">
            Add member
          </button>
        </InlineForm>
      )}
      <table class="log" id="members">
        <tbody>
          {members?.map((m) => (
            <tr key={m.membershipId} data-email={m.email}>
              <td>
                {m.name ? `${m.name} · ` : ''}
                {m.email}
              </td>
              <td>
                {isOwner ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) =>
                      void run(() =>
                        call('PATCH', `/api/members/${m.membershipId}`, {
                          role: (e.target as HTMLSelectElement).value,
                        }),
                      )
                    }
                  >
                    {Object.entries(ROLE_WORDS).map(([value, words]) => (
                      <option key={value} value={value}>
                        {words}
                      </option>
                    ))}
                  </select>
                ) : (
                  ROLE_WORDS[m.role]
                )}
              </td>
              {isOwner && (
                <ButtonCell
                  label={`Remove ${m.email}`}
                  onClick={() => void run(() => call('DELETE', `/api/members/${m.membershipId}`))}
                >
                  Remove
                </ButtonCell>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
