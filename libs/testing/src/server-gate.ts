/**
 * Whether this run is CI: `CI` set to anything but empty, `false` or `0` (`CI=true`, `CI=1`, as
 * CI systems set it). Under CI a missing server is a failure, never a skip.
 */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/**
 * Decides whether a suite that needs a real server runs. Locally a missing server skips the
 * suite with a loud line; under CI (isCi) it is a failure, never a skip.
 * @param server  human name ("Redis", "Kafka", "MongoDB")
 * @param missing why the server cannot be started, or null when it can
 */
export function serverGate(server: string, missing: string | null): boolean {
  if (missing === null) return true;
  if (isCi()) {
    throw new Error(`${server} is required under CI (CI=${process.env.CI}) but is missing: ${missing}`);
  }
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!!! SKIPPED: ${server} suites did not run: ${missing}\n!!! .ci/run shows how to install it.\n${bar}\n`,
  );
  return false;
}
