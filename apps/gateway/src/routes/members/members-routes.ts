import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@svc/errors';
import { emailSchema, idSchema } from '@svc/rules';
import { ROLES } from '../../auth/principal.js';
import { linksTo } from '../../http/openapi-links.js';
import { routeGroup } from '../../http/route-group.js';
import type { GatewayIdentity, Membership } from '../../identity/identity-client.js';
import { pageOf, pageQuerySchema } from '../../api/paging.js';
import { tenantOf } from '../../api/request-tenant.js';

const TAGS = ['members'];
const MEMBER = '/api/members/:membershipId';

const memberSchema = z
  .object({
    membershipId: z.string(),
    userId: z.string(),
    email: z.string(),
    name: z.string().describe("'' until the person first signs in with a name."),
    role: z.enum(ROLES),
    createdAtMs: z.number().int(),
  })
  .describe('A member of the workspace: who may use its dashboard, with which role.');

const memberParams = z.strictObject({ membershipId: idSchema });
const inviteBody = z.strictObject({ email: emailSchema, role: z.enum(ROLES) });
const roleBody = z.strictObject({ role: z.enum(ROLES) });

const LAST_OWNER = 'A workspace keeps at least one owner: make another member an owner first.';

/**
 * /api/members: who may use the workspace's dashboard (docs/decisions.md "Staff dashboard").
 * Owners and admins read the list; only owners add, change and remove members. A removed member's
 * sessions stop working on every gateway within a second: the identity service tells them
 * (identity.events), and their credential caches drop the entry (docs/decisions.md "Identity service").
 */
export function registerMemberRoutes(app: FastifyInstance, identity: GatewayIdentity): void {
  const withUser = async (m: Membership) => {
    const user = await identity.findUserById(m.userId);
    return { ...m, email: user?.email ?? '', name: user?.name ?? '' };
  };
  const view = ({ membershipId, userId, email, name, role, createdAtMs }: z.input<typeof memberSchema>) => ({
    membershipId,
    userId,
    email,
    name,
    role,
    createdAtMs,
  });
  // Owners change the team; owners and admins see it (the first route).
  const route = routeGroup(app, { tags: TAGS, access: 'dashboard:write', guard: { ownerOnly: true } });

  route({
    method: 'GET',
    url: '/api/members',
    summary: "List the workspace's members",
    description: 'Oldest first. Owner and admin roles only.',
    access: 'dashboard:read',
    guard: { writeRole: true },
    querystring: pageQuerySchema,
    response: pageOf(memberSchema),
    handler: async ({ query }, request) => {
      const page = await identity.membersOf(tenantOf(request), query);
      return { items: page.items.map(view), nextCursor: page.nextCursor };
    },
  });

  route({
    method: 'POST',
    url: '/api/members',
    summary: 'Add a member by email with a role (owners only)',
    description:
      'The person signs in with Google under that address, or with a one-time link an operator prints. ' +
      'An address that is a member already is VALIDATION_ERROR at `body.email`. No email is sent.',
    body: inviteBody,
    status: 201,
    response: memberSchema,
    links: linksTo([`PATCH ${MEMBER}`, `DELETE ${MEMBER}`], 'membershipId', 'membershipId'),
    handler: async ({ body }, request) => {
      const tenantId = tenantOf(request);
      const user = await identity.findOrCreateUserByEmail(body.email);
      if (await identity.membership(user.userId, tenantId)) {
        throw new DomainError('VALIDATION_ERROR', 'This address is a member already.', [
          { path: 'email', message: 'is a member already; change its role instead' },
        ]);
      }
      return view(await withUser(await identity.addMembership(user.userId, tenantId, body.role)));
    },
  });

  route({
    method: 'PATCH',
    url: MEMBER,
    summary: "Change a member's role (owners only)",
    description: 'The last owner cannot become anything else: FORBIDDEN.',
    params: memberParams,
    body: roleBody,
    response: memberSchema,
    handler: async ({ params, body }, request) => {
      const before = await changed(identity, tenantOf(request), params.membershipId, body.role);
      return view({ ...(await withUser(before)), role: body.role });
    },
  });

  route({
    method: 'DELETE',
    url: MEMBER,
    summary: 'Remove a member (owners only)',
    description: 'Answers the member as it was. The last owner cannot be removed: FORBIDDEN.',
    params: memberParams,
    response: memberSchema,
    handler: async ({ params }, request) =>
      view(await withUser(await changed(identity, tenantOf(request), params.membershipId, null))),
  });
}

async function changed(
  identity: GatewayIdentity,
  tenantId: string,
  membershipId: string,
  role: Membership['role'] | null,
) {
  const before = await identity.changeMember(tenantId, membershipId, role);
  if (before === null) throw new DomainError('NOT_FOUND', 'No such member in this workspace.');
  if (before === 'last_owner') throw new DomainError('FORBIDDEN', LAST_OWNER);
  return before;
}
