import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built store (turbo builds before testing), run in a child process: a better-sqlite3 build
// whose statements abort the process when the GC collects them (compiled with Node 24.19+
// headers, see scripts/test-node24.sh) fails this test with the abort on stderr, instead of
// taking a vitest worker down at some later point. The abort needs a collection that allocation
// triggers (an explicit gc() does not show it), hence the churn.
const storeUrl = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href;

const child = `
import { openSqliteStore } from ${JSON.stringify(storeUrl)};
let store = await openSqliteStore({ file: ':memory:' });
const things = store.collection('things');
await things.insertOne({ _id: 't1', f0: 1 });
// One statement per distinct field: more than the statement cache holds, so it drops some.
let found = 0;
for (let i = 0; i < 1200; i++) found += (await things.find({ ['f' + i]: 1 })).length;
const churn = () => { let junk = []; for (let r = 0; r < 30; r++) { junk = []; for (let i = 0; i < 1e5; i++) junk.push({ i }); } };
churn();
await store.close();
store = undefined;
churn();
await new Promise((r) => setTimeout(r, 10));
churn();
console.log('found ' + found);
`;

describe('sqlite adapter and the garbage collector', () => {
  it('survives the GC collecting statements it dropped and the ones of a closed database', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: run.status, signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({
      status: 0,
      signal: null,
      stdout: 'found 1',
      stderr: '',
    });
  });
});
