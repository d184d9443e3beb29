// The booking widget (GET /embed.js; docs/decisions.md "Embedding"). A business's page includes
// it with one tag:
//
//   <script src="https://booking.example/embed.js" data-tenant="acme" data-service="cut" async></script>
//
// and it puts the tenant's booking page in an iframe right after the tag, sizes the iframe to
// the page's content and raises `booking:created` ({ bookingId, status }) and `booking:height`
// ({ height }) on the iframe as CustomEvents that bubble to the document. The page tells it
// through postMessage (client/embed-bridge.ts); a message counts only when it comes from the
// platform's origin (this script's own) and from this iframe's window.
//
// A classic script, not a module (built on its own as an IIFE, vite.embed.config.ts), so the
// tag needs no `type` and `document.currentScript` names the tag. Everything sits in one
// function: the host page gets no global of ours.
(() => {
  /** A slug (@svc/rules SLUG_PATTERN): the tenant's and the service's. */
  const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
  /** Before the page first reports its height. */
  const INITIAL_HEIGHT = 640;
  /** A height the page reports beyond this is not taken (a runaway layout must not stretch the host). */
  const MAX_HEIGHT = 20_000;

  const mount = (script: HTMLScriptElement): void => {
    // The same tag twice (two copies of the script ran) makes one iframe.
    if (script.dataset.bookingEmbed !== undefined) return;
    script.dataset.bookingEmbed = 'mounted';
    const tenant = script.dataset.tenant ?? '';
    const service = script.dataset.service;
    if (!SLUG.test(tenant) || (service !== undefined && !SLUG.test(service))) {
      console.error('embed.js: data-tenant (and data-service, if given) must be slugs such as "acme"');
      return;
    }
    const platform = new URL(script.src).origin;
    const src = new URL(`/book/${tenant}`, platform);
    if (service !== undefined) src.searchParams.set('service', service);
    // Where the page posts its events; it checks the origin against the tenant's list.
    if (window.location.origin !== 'null') src.searchParams.set('embed', window.location.origin);

    const frame = document.createElement('iframe');
    frame.src = src.href;
    frame.title = script.dataset.title ?? 'Book an appointment';
    // Through the CSSOM: a host's CSP without 'unsafe-inline' refuses style attributes, not this.
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.border = '0';
    frame.style.height = `${INITIAL_HEIGHT}px`;
    script.after(frame);

    const raise = (type: string, detail: object) =>
      frame.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));

    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (event.origin !== platform || event.source !== frame.contentWindow) return;
      const message = event.data;
      if (typeof message !== 'object' || message === null) return;
      const { type, height, bookingId, status } = message as Record<string, unknown>;
      if (type === 'booking:height' && typeof height === 'number' && height > 0 && height <= MAX_HEIGHT) {
        const px = Math.ceil(height);
        frame.style.height = `${px}px`;
        raise('booking:height', { height: px });
      } else if (type === 'booking:created' && typeof bookingId === 'string' && typeof status === 'string') {
        raise('booking:created', { bookingId, status });
      }
    });
  };

  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) mount(current);
  else {
    // Loaded as a module (`type="module"`), which has no current script: every widget tag not mounted yet.
    for (const script of Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-tenant][src]'))) {
      if (new URL(script.src).pathname === '/embed.js') mount(script);
    }
  }
})();
