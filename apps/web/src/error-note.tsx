import type { ApiError } from './api.js';

/** An API error in words, with the code and the request id to quote to support. */
export function ErrorNote({ error }: { error: ApiError }) {
  return (
    <p class="error" role="alert">
      {error.message}
      {error.details.length > 0 &&
        ` (${error.details.map((d) => [d.path, d.message].filter(Boolean).join(': ')).join('; ')})`}{' '}
      <span class="hint">
        Error {error.code}
        {error.requestId && `, request ${error.requestId}`}.
      </span>
    </p>
  );
}
