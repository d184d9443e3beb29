import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from './api.js';

/**
 * What a screen reads when it opens, the last error in words, and `run`: an action followed by
 * a fresh read, its error shown instead of thrown (every list-and-actions screen of the app).
 */
export function useLoaded<T>(read: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const reload = async () => {
    try {
      setData(await read());
    } catch (err) {
      setError(err as ApiError);
    }
  };
  useEffect(() => void reload(), []);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await reload();
    } catch (err) {
      setError(err as ApiError);
    }
  };
  return { data, error, run, reload };
}
