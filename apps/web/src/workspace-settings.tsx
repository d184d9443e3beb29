import { useEffect, useState } from 'preact/hooks';
import { contrastRatio, PAGE_BACKGROUND, themeOf } from '@svc/html';
import { ApiError, call, get, getAll, post, type Data, type Session, type Staff, type Tenant } from './api.js';
import { ErrorNote } from './error-note.js';
import { Section } from './screen-parts.js';
import { InlineForm, SelectField, staffChoices, TextField } from './fields.js';
import { PaymentsPanel } from './payments-panel.js';
import { formatTime, isoDateIn, longDate } from './format.js';
import { useLoaded } from './use-loaded.js';

type Settings = Data<'/api/notification-settings'>;
type Connection = Data<'/api/integrations'>['items'][number];
type Branding = NonNullable<Tenant['branding']>;

/** The workspace's branding, with a live preview of the booking page's colours, and its notification settings. */
export function SettingsScreen({
  session,
  tenant,
  zone,
  staff,
  onTenant,
}: {
  session: Session;
  tenant: Tenant;
  /** The zone the viewer chose (times are shown in it). */
  zone: string;
  staff: Staff[];
  onTenant: (t: Tenant) => void;
}) {
  const canWrite = session.role === 'tenant_owner' || session.role === 'tenant_admin';
  return (
    <main>
      <h1>Settings</h1>
      <BrandingForm tenant={tenant} canWrite={canWrite} onSaved={onTenant} />
      <NotificationForm canWrite={canWrite} />
      <CalendarConnections staff={staff} canWrite={canWrite} tenant={tenant} zone={zone} />
      <PaymentsPanel canWrite={canWrite} tenant={tenant} zone={zone} />
    </main>
  );
}

/** The staff members' calendars and Zoom accounts: their state (a refused login says so), connect CalDAV, Google or Zoom, disconnect. */
function CalendarConnections({
  staff,
  canWrite,
  tenant,
  zone,
}: {
  staff: Staff[];
  canWrite: boolean;
  tenant: Tenant;
  zone: string;
}) {
  const [staffId, setStaffId] = useState(staff[0]?.staffId ?? '');
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const names = new Map(staff.map((s) => [s.staffId, s.displayName]));
  const { data: connections, error, run } = useLoaded(() => getAll<Connection>('/api/integrations'));
  /** Sends the browser to the provider's consent page; it comes back to the gateway's callback. */
  const connectOAuth = (provider: 'google' | 'microsoft' | 'zoom') =>
    void run(async () => {
      const { authorizationUrl } = await post<{ authorizationUrl: string }>(`/api/integrations/${provider}/connect`, {
        staffId,
      });
      location.assign(authorizationUrl);
    });

  return (
    <Section titleId="calendars-title" title="Calendar connections">
      {error && <ErrorNote error={error} />}
      {connections && connections.length === 0 && <p class="hint">No staff calendar is connected.</p>}
      <ul class="plain" id="connections">
        {connections?.map((c) => (
          <li key={c.connectionId}>
            {names.get(c.staffId) ?? c.staffId}: {c.provider} ({c.account}) ·{' '}
            <span class={c.status === 'connected' ? '' : 'status-held'}>
              {c.status === 'needs_reauth' ? 'needs signing in again' : c.status}
              {c.status === 'needs_reauth' && c.needsReauthAtMs !== null && (
                <>
                  {' since '}
                  <time dateTime={new Date(c.needsReauthAtMs).toISOString()}>
                    {`${longDate(isoDateIn(c.needsReauthAtMs, zone), tenant.locale)} ${formatTime(c.needsReauthAtMs, tenant.locale, zone)}`}
                  </time>
                </>
              )}
            </span>{' '}
            {canWrite && (
              <button
                type="button"
                onClick={() => void run(() => post(`/api/integrations/${c.connectionId}/disconnect`))}
              >
                Disconnect
              </button>
            )}
            {/* A Zoom account has no calendar: nothing of it blocks time. */}
            {c.provider !== 'zoom' && <BlockingToggles connection={c} canWrite={canWrite} run={run} />}
          </li>
        ))}
      </ul>
      {canWrite && staff.length > 0 && (
        <InlineForm
          onSubmit={() => {
            void run(async () => {
              await post('/api/integrations/caldav', { staffId, serverUrl: serverUrl.trim(), username, password });
              setPassword('');
            });
          }}
        >
          <SelectField label="Whose" value={staffId} onValue={setStaffId} choices={staffChoices(staff)} />
          <TextField label="CalDAV server" type="url" required value={serverUrl} onValue={setServerUrl} />
          <TextField label="Username" required autoComplete="off" value={username} onValue={setUsername} />
          <TextField
            label="App password"
            type="password"
            required
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
          />
          <button type="submit">Connect CalDAV</button>{' '}
          <button type="button" onClick={() => connectOAuth('google')}>
            Connect Google Calendar
          </button>{' '}
          <button type="button" onClick={() => connectOAuth('microsoft')}>
            Connect Microsoft 365
          </button>{' '}
          <button type="button" onClick={() => connectOAuth('zoom')}>
            Connect Zoom
          </button>
        </InlineForm>
      )}
    </Section>
  );
}

/** Whether the connection's all-day and tentative events block time (docs/decisions.md "Integrations"). */
function BlockingToggles({
  connection,
  canWrite,
  run,
}: {
  connection: Connection;
  canWrite: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
}) {
  const toggle = (field: 'allDayEventsBlock' | 'tentativeEventsBlock', label: string) => (
    <label>
      <input
        type="checkbox"
        name={field}
        checked={connection[field]}
        disabled={!canWrite}
        onChange={(e) =>
          void run(() =>
            call('PATCH', `/api/integrations/${connection.connectionId}`, {
              [field]: (e.target as HTMLInputElement).checked,
            }),
          )
        }
      />{' '}
      {label}
    </label>
  );
  return (
    <span class="inline-form">
      {toggle('allDayEventsBlock', 'all-day events block')} {toggle('tentativeEventsBlock', 'tentative events block')}
    </span>
  );
}

const EMPTY: Branding = { displayName: '', logoUrl: '', primaryColor: '', accentColor: '', embedOrigins: [] };
/** The embed origins as the form shows them, and the list a comma or space separated text names. */
const originsText = (origins: readonly string[] | undefined) => (origins ?? []).join(', ');
const originList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function BrandingForm({
  tenant,
  canWrite,
  onSaved,
}: {
  tenant: Tenant;
  canWrite: boolean;
  onSaved: (t: Tenant) => void;
}) {
  const [branding, setBranding] = useState<Branding>({ ...EMPTY, ...tenant.branding });
  const [origins, setOrigins] = useState(originsText(tenant.branding?.embedOrigins));
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const theme = themeOf(branding);
  const field = (key: Exclude<keyof Branding, 'embedOrigins'>) => (e: Event) => {
    setSaved(false);
    setBranding((b) => ({ ...b, [key]: (e.target as HTMLInputElement).value }));
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const next = await call<Tenant>('PATCH', '/api/tenant', {
        branding: { ...branding, embedOrigins: originList(origins) },
      });
      // As the platform keeps them: normalized, duplicates dropped.
      setOrigins(originsText(next.branding?.embedOrigins));
      onSaved(next);
      setSaved(true);
    } catch (err) {
      setError(err as ApiError);
    }
  };

  return (
    <Section titleId="branding-title" title="Booking page branding">
      <form class="inline-form" onSubmit={save}>
        <label>
          Name shown{' '}
          <input
            id="brand-name"
            maxLength={200}
            value={branding.displayName}
            disabled={!canWrite}
            onInput={field('displayName')}
          />
        </label>
        <label>
          Logo (https URL){' '}
          <input id="brand-logo" type="url" value={branding.logoUrl} disabled={!canWrite} onInput={field('logoUrl')} />
        </label>
        <label>
          Main colour{' '}
          <input
            id="brand-primary"
            placeholder="#1d4ed8"
            maxLength={7}
            value={branding.primaryColor}
            disabled={!canWrite}
            onInput={field('primaryColor')}
          />
        </label>
        <label>
          Accent colour{' '}
          <input
            id="brand-accent"
            placeholder="#7c2d12"
            maxLength={7}
            value={branding.accentColor}
            disabled={!canWrite}
            onInput={field('accentColor')}
          />
        </label>
        <label class="wide-field">
          Sites that may embed the booking page (their origins, comma separated){' '}
          <input
            id="brand-embed-origins"
            placeholder="https://www.example.com"
            value={origins}
            disabled={!canWrite}
            onInput={(e) => {
              setSaved(false);
              setOrigins((e.target as HTMLInputElement).value);
            }}
          />
        </label>
        {canWrite && (
          <button type="submit" class="primary">
            Save branding
          </button>
        )}
        {saved && <span role="status"> Saved.</span>}
      </form>
      {error && <ErrorNote error={error} />}
      <p class="hint">
        On those sites, this tag shows the booking page:{' '}
        <code
          id="embed-tag"
          class="embed-tag"
        >{`<script src="${location.origin}/embed.js" data-tenant="${tenant.slug}" async></script>`}</code>
      </p>
      <div class="preview" aria-label="Preview of the booking page" id="brand-preview">
        <div
          class="preview-brand"
          ref={(el) => {
            // The page's own colours, through the CSSOM (the CSP refuses style attributes).
            if (el) el.style.borderBottomColor = theme.accent;
          }}
        >
          {branding.logoUrl && <img src={branding.logoUrl} alt="" referrerpolicy="no-referrer" height={32} />}
          <strong>Book with {branding.displayName || tenant.name}</strong>
        </div>
        <button
          type="button"
          tabIndex={-1}
          ref={(el) => {
            if (el) {
              el.style.background = theme.primary;
              el.style.color = theme.onPrimary;
              el.style.borderColor = theme.primary;
            }
          }}
        >
          Request this time
        </button>
        {theme.replaced.map((f) => (
          <p key={f} class="error" id={`replaced-${f}`}>
            {f === 'primaryColor' ? 'The main colour' : 'The accent colour'} {branding[f]} cannot be read
            {parsesAsColor(branding[f])
              ? ` (contrast ${contrastRatio(branding[f], PAGE_BACKGROUND).toFixed(1)}:1 on white, 4.5:1 needed)`
              : ' (not a #rrggbb colour)'}
            ; the booking page uses {f === 'primaryColor' ? theme.primary : theme.accent} instead.
          </p>
        ))}
      </div>
    </Section>
  );
}

const parsesAsColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

function NotificationForm({ canWrite }: { canWrite: boolean }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [reminders, setReminders] = useState('');
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);

  const show = (s: Settings) => {
    setSettings(s);
    setReminders(s.reminderOffsetsMin.join(', '));
    setEmails(s.businessEmailsFollowTeam ? '' : s.businessEmails.join(', '));
  };
  useEffect(() => {
    get<Settings>('/api/notification-settings').then(show, setError);
  }, []);

  const save = async (e: Event) => {
    e.preventDefault();
    if (!settings) return;
    setError(null);
    setSaved(false);
    const list = (text: string) =>
      text
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    try {
      show(
        await call<Settings>('PATCH', '/api/notification-settings', {
          reminderOffsetsMin: list(reminders).map(Number),
          // Empty: the owners and admins, as by default.
          businessEmails: list(emails).length > 0 ? list(emails) : null,
          replyToEmail: settings.replyToEmail,
          senderName: settings.senderName,
          smsEnabled: settings.smsEnabled,
        }),
      );
      setSaved(true);
    } catch (err) {
      setError(err as ApiError);
    }
  };

  if (!settings) return error ? <ErrorNote error={error} /> : <p aria-busy="true">Loading…</p>;
  return (
    <Section titleId="notifications-title" title="Notifications">
      <form class="inline-form" onSubmit={save}>
        <TextField
          label="Reminders, minutes before (e.g. 1440, 120)"
          id="reminders"
          disabled={!canWrite}
          value={reminders}
          onValue={setReminders}
        />
        <TextField
          label="Who hears of requests (emails; empty: owners and admins)"
          id="business-emails"
          disabled={!canWrite}
          value={emails}
          onValue={setEmails}
        />
        <label>
          Reply-To{' '}
          <input
            id="reply-to"
            type="email"
            value={settings.replyToEmail}
            disabled={!canWrite}
            onInput={(e) => setSettings({ ...settings, replyToEmail: (e.target as HTMLInputElement).value })}
          />
        </label>
        <label>
          Sender name{' '}
          <input
            id="sender-name"
            value={settings.senderName}
            disabled={!canWrite}
            onInput={(e) => setSettings({ ...settings, senderName: (e.target as HTMLInputElement).value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={settings.smsEnabled}
            disabled={!canWrite}
            onChange={(e) => setSettings({ ...settings, smsEnabled: (e.target as HTMLInputElement).checked })}
          />{' '}
          Text messages too
        </label>
        {canWrite && (
          <button type="submit" class="primary">
            Save notifications
          </button>
        )}
        {saved && <span role="status"> Saved.</span>}
      </form>
      {error && <ErrorNote error={error} />}
    </Section>
  );
}
