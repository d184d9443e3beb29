#!/usr/bin/env bash
# Usage: scripts/fetch-kafka.sh — puts Kafka's broker jars (deploy/kafka/pom.xml) in
# .cache/kafka/libs so tests can start a real single-node KRaft broker with `java -cp`.
# Idempotent: does nothing when the jars for the current pom are already there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pom="$root/deploy/kafka/pom.xml"
dest="$root/.cache/kafka/libs"
stamp="$root/.cache/kafka/pom.sha256"
want=$(sha256sum "$pom" | cut -d' ' -f1)

# The stamp ties the jars to the pom they came from, so a version bump fetches again.
if compgen -G "$dest/kafka_2.13-*.jar" >/dev/null && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  exit 0
fi

command -v mvn >/dev/null || { echo "fetch-kafka: mvn is not on PATH" >&2; exit 1; }
# Copy into a fresh folder and swap it in, so an interrupted fetch never looks complete.
tmp="$root/.cache/kafka/libs.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp"
mvn -q -B -Dstyle.color=never -f "$pom" dependency:copy-dependencies -DoutputDirectory="$tmp" -DincludeScope=runtime
rm -rf "$dest"
mv "$tmp" "$dest"
echo "$want" > "$stamp"
echo "fetch-kafka: $(ls "$dest" | wc -l) jars in $dest"
