/** A member's role in a workspace (docs/decisions.md "Staff dashboard"). */
export const ROLES = ['tenant_owner', 'tenant_admin', 'tenant_staff', 'tenant_viewer'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that may change a workspace's data. */
export const WRITE_ROLES: readonly Role[] = ['tenant_owner', 'tenant_admin'];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
