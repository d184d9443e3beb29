/**
 * Decides whether a suite that needs a real server runs. Locally a missing server skips the
 * suite with a loud line; under CI=true it is a failure, never a skip.
 * @param server  human name ("Redis", "Kafka", "MongoDB")
 * @param missing why the server cannot be started, or null when it can
 */
export function serverGate(server: string, missing: string | null): boolean {
  if (missing === null) return true;
  if (process.env.CI === 'true') {
    throw new Error(`${server} is required when CI=true but is missing: ${missing}`);
  }
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!!! SKIPPED: ${server} suites did not run: ${missing}\n!!! .ci/run shows how to install it.\n${bar}\n`,
  );
  return false;
}
