/**
 * OpenAPI 3.1 links (docs/api-conventions.md "OpenAPI"): from an operation's success answer to
 * the operations that take what it returns (a booking's id to its detail and actions, a manage
 * token to the manage operations, a staff id to the calendar connect). Client generators and
 * schemathesis's stateful phase follow them, which is how the fuzz reaches a real booking.
 *
 * A route declares its links (defineRoute `links`); they travel in the operation as the private
 * extension `x-links` until `attachLinks` moves them onto the success responses, once the whole
 * document exists and each link can be checked against its target.
 */

/** A link as a route declares it. */
export interface RouteLink {
  /** The target route, `METHOD /url` as it is defined (`POST /api/bookings/:bookingId/confirm`). */
  to: string;
  /**
   * The target's parameters (path, query or header) by name, each taken from the answer: a JSON
   * pointer into its `data` (`booking/bookingId`, `items/0/deliveryId`), or a runtime expression
   * as it is (`$request.path.token`: the same token again).
   */
  parameters?: Record<string, string>;
  /** Members of the target's body, taken the same way. */
  body?: Record<string, string>;
}

/**
 * Links to each of `targets` but `except` (the route the answer comes from), each passing one
 * parameter taken from the answer: `linksTo(['GET /things/:thingId'], 'thingId', 'items/0/thingId')`.
 */
export function linksTo(targets: readonly string[], parameter: string, from: string, except?: string): RouteLink[] {
  return targets.filter((to) => to !== except).map((to) => ({ to, parameters: { [parameter]: from } }));
}

/** The extension key that carries a route's links to `attachLinks`. */
export const LINKS_EXTENSION = 'x-links';

/** An OpenAPI Link Object. */
interface LinkObject {
  operationId: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, string>;
}

/** `booking/bookingId` → `$response.body#/data/booking/bookingId`; `$…` expressions stay as they are. */
function expression(source: string): string {
  return source.startsWith('$') ? source : `$response.body#/data/${source}`;
}

/** A route's links as Link Objects by name (the target's operationId: one link per target). */
export function linkObjects(
  links: readonly RouteLink[],
  operationIdOf: (method: string, url: string) => string,
): Record<string, LinkObject> {
  const out: Record<string, LinkObject> = {};
  for (const link of links) {
    const [method, url] = link.to.split(' ');
    if (!method || !url) throw new Error(`link target "${link.to}" is not "METHOD /url"`);
    const operationId = operationIdOf(method, url);
    if (out[operationId]) throw new Error(`two links to ${operationId}`);
    const map = (values: Record<string, string>) =>
      Object.fromEntries(Object.entries(values).map(([name, source]) => [name, expression(source)]));
    out[operationId] = {
      operationId,
      ...(link.parameters ? { parameters: map(link.parameters) } : {}),
      ...(link.body ? { requestBody: map(link.body) } : {}),
    };
  }
  return out;
}

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { links?: Record<string, LinkObject>; content?: Record<string, { schema?: JsonSchema }> }>;
  [LINKS_EXTENSION]?: Record<string, LinkObject>;
}

/**
 * Moves every operation's `x-links` onto its 2xx responses. A link whose target operation,
 * parameter or body member does not exist, or whose value points at nothing in the answer, is a
 * programming error: the document is refused (every test that reads it fails), rather than a
 * link that leads nowhere.
 */
export function attachLinks(paths: Record<string, Record<string, unknown>>): void {
  const operations = Object.values(paths).flatMap((item) => Object.values(item ?? {}) as Operation[]);
  const byId = new Map(operations.filter((op) => op.operationId).map((op) => [op.operationId!, op]));
  for (const op of operations) {
    const links = op[LINKS_EXTENSION];
    if (!links) continue;
    delete op[LINKS_EXTENSION];
    const successes = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    for (const link of Object.values(links)) {
      checkLink(
        op,
        link,
        byId.get(link.operationId),
        successes.map(([, response]) => response),
      );
    }
    for (const [, response] of successes) response.links = links;
  }
}

function checkLink(
  source: Operation,
  link: LinkObject,
  target: Operation | undefined,
  answers: NonNullable<Operation['responses']>[string][],
): void {
  const where = `link ${source.operationId ?? '?'} → ${link.operationId}`;
  if (!target) throw new Error(`${where}: no such operation`);
  const names = new Set((target.parameters ?? []).map((p) => p.name));
  for (const name of Object.keys(link.parameters ?? {})) {
    if (!names.has(name)) throw new Error(`${where}: the target has no parameter ${name}`);
  }
  const members = target.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  for (const name of Object.keys(link.requestBody ?? {})) {
    if (!(name in members)) throw new Error(`${where}: the target's body has no member ${name}`);
  }
  for (const value of [...Object.values(link.parameters ?? {}), ...Object.values(link.requestBody ?? {})]) {
    if (!pointsIntoSource(value, source, answers)) throw new Error(`${where}: ${value} names nothing of the source`);
  }
}

/** Whether a runtime expression names a parameter of the source or a member of every success answer. */
function pointsIntoSource(
  value: string,
  source: Operation,
  answers: Array<{ content?: Record<string, { schema?: JsonSchema }> }>,
): boolean {
  const request = /^\$request\.path\.(.+)$/.exec(value);
  if (request) return (source.parameters ?? []).some((p) => p.in === 'path' && p.name === request[1]);
  const body = /^\$response\.body#\/(.+)$/.exec(value);
  if (!body) return false;
  const segments = body[1]!.split('/');
  return answers.length > 0 && answers.every((a) => reaches(a.content?.['application/json']?.schema, segments));
}

/** Whether a JSON pointer (`data/items/0/bookingId`) can name a value of the schema. */
function reaches(schema: JsonSchema | undefined, segments: string[]): boolean {
  if (!schema) return false;
  const [head, ...rest] = segments;
  if (head === undefined) return true;
  if ([...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some((s) => reaches(s, segments))) {
    return true;
  }
  if (schema.properties?.[head]) return reaches(schema.properties[head], rest);
  return /^\d+$/.test(head) && reaches(schema.items, rest);
}
