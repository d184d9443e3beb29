import type { FieldViolation } from '@svc/errors';

export interface CaldavInput {
  staffId: string;
  serverUrl: string;
  username: string;
  password: string;
}

const MAX_URL = 2_000;
const MAX_TEXT = 500;

/** The connect request's rules; answers the normalized server URL. */
export function checkCaldavInput(input: CaldavInput, violations: FieldViolation[]): string {
  if (input.staffId === '') violations.push({ path: 'staffId', message: 'is required' });
  if (input.username === '' || input.username.length > MAX_TEXT) {
    violations.push({ path: 'username', message: `must be 1 to ${MAX_TEXT} characters` });
  }
  if (input.password === '' || input.password.length > MAX_TEXT) {
    violations.push({ path: 'password', message: `must be 1 to ${MAX_TEXT} characters` });
  }
  let url: URL | null = null;
  try {
    url = input.serverUrl.length <= MAX_URL ? new URL(input.serverUrl) : null;
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '') {
    violations.push({
      path: 'serverUrl',
      message: 'must be an http(s) URL without credentials, at most 2000 characters',
    });
    return input.serverUrl;
  }
  return url.href;
}
