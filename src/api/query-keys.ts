// Every query key of the app, from one factory, so an invalidation names exactly what a query uses.
// Keys start with their area; a key's later parts are the variables the query depends on.
export const queryKeys = {
  shell: {
    cmsModules: (whitelabelUuid: string) => ['shell', 'cmsModules', whitelabelUuid] as const,
  },
  auth: {
    invitation: (whitelabelUuid: string, sponsor: string) => ['auth', 'invitation', whitelabelUuid, sponsor] as const,
  },
  account: {
    /** The signed-in member (`me`): the whole account area and the shell read it. */
    me: () => ['account', 'me'] as const,
    loginHistory: () => ['account', 'loginHistory'] as const,
    stakingWallet: (whitelabelUuid: string, userUuid: string) => ['account', 'stakingWallet', whitelabelUuid, userUuid] as const,
    sponsor: () => ['account', 'sponsor'] as const,
  },
  shop: {
    products: (whitelabelUuid: string, filter: { search?: string; categoryId?: string; sortOrder?: string }) =>
      ['shop', 'products', whitelabelUuid, filter] as const,
    product: (whitelabelUuid: string, id: string) => ['shop', 'product', whitelabelUuid, id] as const,
    categories: (whitelabelUuid: string) => ['shop', 'categories', whitelabelUuid] as const,
  },
  appStatus: {
    userSettings: () => ['appStatus', 'userSettings'] as const,
    activeSubscription: () => ['appStatus', 'activeSubscription'] as const,
  },
} as const;
