import type { Service, Tenant } from './api.js';

/**
 * Where the setup wizard ends (`#/welcome`, docs/decisions.md "First start"): the booking page's
 * link and a test booking through it. Says what is true of the workspace as it stands: with no
 * active service the page offers nothing to book yet.
 */
export function WelcomeScreen({ tenant, services }: { tenant: Tenant; services: Service[] }) {
  const page = `/book/${tenant.slug}`;
  const bookable = services.filter((s) => s.status === 'active');
  return (
    <main class="welcome">
      <h1>Welcome to {tenant.name}</h1>
      <p>
        Your booking page:{' '}
        <a href={page} id="booking-page-link">
          {location.origin}
          {page}
        </a>
      </p>
      {bookable.length > 0 ? (
        <>
          <p>
            Customers can book {bookable.map((s) => s.name).join(', ')} there. Try it as a customer would; the booking
            appears on the Day screen as it is made.
          </p>
          <p>
            <a class="button primary" href={page} id="book-test">
              Book a test appointment
            </a>
          </p>
        </>
      ) : (
        <p>
          It offers nothing to book yet: add a service under <a href="#/catalog">Catalog</a> and opening hours under{' '}
          <a href="#/hours">Hours</a>.
        </p>
      )}
      <p class="hint">
        Next: add staff and services under <a href="#/catalog">Catalog</a>, put the booking page on your site with
        the widget (Settings), and connect your calendar.
      </p>
    </main>
  );
}
