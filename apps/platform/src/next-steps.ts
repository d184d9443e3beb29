import { connectService } from '@svc/grpc';
import { catalogV1, identityV1 } from '@svc/proto';
import type { EmbeddedPlatform } from './embedded-platform.js';

/**
 * What the person who started the platform does next (docs/decisions.md "First start"): while no
 * workspace exists, open the one-time setup link (a new one each start; the earlier stops working);
 * once one does, sign in with a link the operator CLI prints, for its owner.
 */
export async function nextSteps(platform: EmbeddedPlatform): Promise<string[]> {
  const identity = connectService(identityV1.IdentityServiceService, platform.services.identity.address);
  const catalog = connectService(catalogV1.CatalogServiceService, platform.services.catalog.address);
  try {
    const issued = await identity.issueSetupLink({});
    if (issued.token) {
      const link = new URL('/setup', platform.url);
      link.searchParams.set('token', issued.token);
      return [`set up your workspace (a one-time link): ${link.href}`];
    }
    const { items } = await catalog.listTenants({ page: { limit: 1, cursor: '' } });
    const tenant = items[0];
    const owner = tenant
      ? (await identity.listTeamEmails({ tenantId: tenant.tenantId, roles: ['tenant_owner'], limit: 1 })).emails[0]
      : undefined;
    return [
      `sign in: npm run --silent admin -- session:link --tenant ${tenant?.slug ?? '<slug>'} --email ${owner ?? '<you>'}`,
    ];
  } finally {
    identity.close();
    catalog.close();
  }
}
