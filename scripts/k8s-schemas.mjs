// Usage: node scripts/k8s-schemas.mjs <schema-dir> [crd.json ...] (run by scripts/fetch-k8s-tools.sh)
//
// Makes kubernetes-validate's strict schemas usable by kubeconform offline and adds the given
// CustomResourceDefinitions as strict schemas beside them.
// - Its schemas refer to "/api/_definitions.json#..." under an https://kubernetes.io $id, which a
//   validator would try to download; without the $id and with a relative reference they
//   resolve to the _definitions.json in the same folder.
// - A CRD's openAPIV3Schema becomes <kind>-<group prefix>-<version>.json (kubeconform's file
//   name for it) with every object that lists its properties closed (additionalProperties:
//   false), except where the CRD preserves unknown fields, as kubeconform's own converter does
//   in strict mode; metadata is checked against the built-in ObjectMeta.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...crds] = process.argv.slice(2);
if (!dir) throw new Error('usage: k8s-schemas.mjs <schema-dir> [crd.json ...]');

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  delete schema.$id;
  const text = JSON.stringify(schema).replaceAll('"/api/_definitions.json#', '"_definitions.json#');
  writeFileSync(join(dir, file), text);
}

function closeObjects(node) {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjects(v)])) : closeObjects(value);
  }
  if (out['x-kubernetes-int-or-string'] === true) {
    // OpenAPI's int-or-string has no type; JSON schema needs one.
    out.type = ['integer', 'string'];
  }
  if (out.properties && out.additionalProperties === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true) {
    out.additionalProperties = false;
  }
  return out;
}

for (const file of crds) {
  const crd = JSON.parse(readFileSync(file, 'utf8'));
  const { group, names } = crd.spec;
  for (const version of crd.spec.versions) {
    const schema = closeObjects(version.schema.openAPIV3Schema);
    schema.properties.metadata = { $ref: '_definitions.json#/$defs/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' };
    schema.properties.apiVersion = { type: 'string', enum: [`${group}/${version.name}`] };
    schema.properties.kind = { type: 'string', enum: [names.kind] };
    schema.$schema = 'https://json-schema.org/draft/2020-12/schema';
    const name = `${names.kind.toLowerCase()}-${group.split('.')[0]}-${version.name}.json`;
    writeFileSync(join(dir, name), JSON.stringify(schema));
  }
}
