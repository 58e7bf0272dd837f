/** Access codes carried in a user's privilege list (spec 1 section 6). The values are ours: not in spec. */
export const AccessCode = {
  /** productsManagement, customerOnboarding, userManagement and importProdInfo under administration. */
  Admin: 'PORTAL_ADMIN',
  /** administration/emailRouting. */
  EmailRouting: 'EMAIL_ROUTING',
  /** /userManagement (customer user list). */
  UserManagement: 'USER_MANAGEMENT',
  /** /contractManagement. */
  ContractManagement: 'CONTRACT_MANAGEMENT',
} as const;
export type AccessCode = (typeof AccessCode)[keyof typeof AccessCode];
