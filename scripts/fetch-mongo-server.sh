#!/usr/bin/env bash
# Usage: scripts/fetch-mongo-server.sh — fetches mongo-java-server (libs/testing/mongo-server/pom.xml)
# with Maven and compiles our launcher (libs/testing/mongo-server/MongoTestServer.java) into
# .cache/mongo-server/<hash>/{libs,classes}; <hash> is the sha256 of the pom followed by the
# launcher source, so an edit to either builds afresh. Prints that folder.
# Idempotent and safe to run concurrently (the folder appears complete or not at all).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src="$root/libs/testing/mongo-server"
hash=$(cat "$src/pom.xml" "$src/MongoTestServer.java" | sha256sum | cut -c1-16)
dest="$root/.cache/mongo-server/$hash"
if [ -f "$dest/classes/MongoTestServer.class" ]; then
  echo "$dest"
  exit 0
fi

for cmd in mvn javac; do
  command -v "$cmd" >/dev/null || { echo "fetch-mongo-server: $cmd is not on PATH" >&2; exit 1; }
done
tmp="$root/.cache/mongo-server/tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp/libs" "$tmp/classes"
mvn -q -B -Dstyle.color=never -f "$src/pom.xml" dependency:copy-dependencies \
  -DoutputDirectory="$tmp/libs" -DincludeScope=runtime >&2
javac --release 17 -nowarn -d "$tmp/classes" -cp "$tmp/libs/*" "$src/MongoTestServer.java" >&2
# Another run may have finished first: then its folder stands and ours is dropped.
mv -T "$tmp" "$dest" 2>/dev/null || true
echo "fetch-mongo-server: $(ls "$dest/libs" | wc -l) jars and the launcher in $dest" >&2
echo "$dest"
