#!/usr/bin/env bash
# Usage: scripts/new-package.sh libs/name @svc/name  — writes the package skeleton every package shares.
set -euo pipefail
dir=$1; name=$2
mkdir -p "$dir/src" "$dir/test"
[ -f "$dir/package.json" ] || cat > "$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "exports": {
    ".": {
      "types": "./dist/index.d.ts",
      "default": "./dist/index.js"
    }
  },
  "scripts": {
    "build": "tsc -p tsconfig.json",
    "lint": "tsc -p tsconfig.test.json --noEmit",
    "test": "vitest run"
  },
  "dependencies": {},
  "devDependencies": {}
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "dist", "rootDir": "src" },
  "include": ["src"]
}
JSON
cat > "$dir/tsconfig.test.json" <<JSON
{
  "extends": "./tsconfig.json",
  "compilerOptions": { "noEmit": true, "rootDir": "." },
  "include": ["src", "test"]
}
JSON
[ -f "$dir/vitest.config.ts" ] || cat > "$dir/vitest.config.ts" <<TS
import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 } });
TS
