// The booking page's side of the widget (GET /embed.js, client/embed.ts; docs/decisions.md
// "Embedding"): framed by one of the tenant's embed origins, the page tells its host how tall it
// is and that a booking was made, by postMessage to that origin alone (never '*'). The messages
// carry the booking's id and status and the page's height, nothing of the form or the manage
// link; the page listens to no message, so the host cannot drive it either.
import { pageData } from './page-data.js';

interface EmbedPageData {
  /** The tenant's embed origins, normalized as browsers write an origin. */
  embedOrigins?: string[];
}

export interface EmbedBridge {
  /** Tells the host a booking was made (nothing when the page is not embedded). */
  created(booking: { bookingId: string; status: string }): void;
}

/**
 * The origin of the page that frames this one when it is one of the tenant's: as the browser
 * reports it (`location.ancestorOrigins`, not in every browser), else as embed.js passed it in
 * `?embed=`. postMessage's targetOrigin makes the browser deliver only to that very origin, so a
 * wrong `embed` parameter gets nothing delivered, and framing by another origin is refused by the
 * page's frame-ancestors anyway.
 */
function hostOrigin(origins: readonly string[]): string | null {
  if (window.parent === window) return null;
  // An opaque parent is reported as "null": then the parameter is the only word on it.
  const reported = window.location.ancestorOrigins?.[0];
  const claimed =
    reported !== undefined && reported !== 'null' ? reported : new URLSearchParams(window.location.search).get('embed');
  return claimed !== null && origins.includes(claimed) ? claimed : null;
}

const NOT_EMBEDDED: EmbedBridge = { created: () => undefined };

/** Starts reporting the page's height to its host, if it is embedded by one of the tenant's origins. */
export function startEmbedBridge(): EmbedBridge {
  const target = hostOrigin(pageData<EmbedPageData>().embedOrigins ?? []);
  if (target === null) return NOT_EMBEDDED;
  const post = (message: object) => window.parent.postMessage(message, target);

  // The document's own height (the root element's box), not the viewport's: the iframe is sized
  // to it, so it must be able to shrink as well as grow.
  let reported = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === reported) return;
    reported = height;
    post({ type: 'booking:height', height });
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();

  // The manage page opens at the top level: its address is the customer's to keep, and the
  // host's frame is no place to read it.
  const manage = document.getElementById('manage-link');
  manage?.setAttribute('target', '_blank');
  manage?.setAttribute('rel', 'noopener');

  return { created: ({ bookingId, status }) => post({ type: 'booking:created', bookingId, status }) };
}
