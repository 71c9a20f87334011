// Every query key of the app, from one factory, so an invalidation names exactly what a query uses.
// Keys start with their area; a key's later parts are the variables the query depends on.
export const queryKeys = {
  shell: {
    cmsModules: (whitelabelUuid: string) => ['shell', 'cmsModules', whitelabelUuid] as const,
  },
  cms: {
    /** A CMS module's entries (the module's url and token are not part of the key: the id names them). */
    list: (whitelabelUuid: string, moduleId: string, lang: string) => ['cms', 'list', whitelabelUuid, moduleId, lang] as const,
    item: (whitelabelUuid: string, moduleId: string, itemId: string, lang: string) => ['cms', 'item', whitelabelUuid, moduleId, itemId, lang] as const,
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
  payments: {
    /** Everything of the payments area (a paid invoice refreshes its lists and pages). */
    all: () => ['payments'] as const,
    invoice: (id: string) => ['payments', 'invoice', id] as const,
    invoices: (filter: { status?: string; page?: number }) => ['payments', 'invoices', filter] as const,
    /** The tenant's gateways, coins and bank details. */
    options: (whitelabelUuid: string) => ['payments', 'options', whitelabelUuid] as const,
  },
  learning: {
    /** Everything of the learning area for one tenant (COURSE_UPDATE refreshes a course's part of it). */
    all: (whitelabelUuid: string) => ['learning', whitelabelUuid] as const,
    myCourses: (whitelabelUuid: string) => ['learning', whitelabelUuid, 'myCourses'] as const,
    /** A course and what hangs off it (sections, lectures, one lecture) share this start. */
    course: (whitelabelUuid: string, courseId: string) => ['learning', whitelabelUuid, 'course', courseId] as const,
    sections: (whitelabelUuid: string, courseId: string) => ['learning', whitelabelUuid, 'course', courseId, 'sections'] as const,
    lectures: (whitelabelUuid: string, courseId: string) => ['learning', whitelabelUuid, 'course', courseId, 'lectures'] as const,
    lecture: (whitelabelUuid: string, courseId: string, lectureId: string) =>
      ['learning', whitelabelUuid, 'course', courseId, 'lecture', lectureId] as const,
  },
  tariffs: {
    /** The tenant's tariff line (moduleProductsTariffs). */
    tariffs: (whitelabelUuid: string) => ['tariffs', 'tariffs', whitelabelUuid] as const,
    /** The platform subscription as the subscriptions page shows it (with can_activate, period, trial). */
    subscription: () => ['tariffs', 'subscription'] as const,
  },
  investments: {
    /** The tenant's investment plans (moduleInvestPlans). */
    plans: (whitelabelUuid: string) => ['investments', 'plans', whitelabelUuid] as const,
  },
  crowdfunding: {
    /** Everything of the crowdfunding area (investing refreshes all of it). */
    all: () => ['crowdfunding'] as const,
    /** The tenant's projects; a member's answer carries their own figures (viewer_cap), a visitor's does not. */
    projects: (whitelabelUuid: string, signedIn: boolean) => ['crowdfunding', 'projects', whitelabelUuid, signedIn] as const,
    briefcase: (whitelabelUuid: string) => ['crowdfunding', 'briefcase', whitelabelUuid] as const,
    payouts: () => ['crowdfunding', 'payouts'] as const,
  },
  deals: {
    /** Everything of the deals area (filing a deal refreshes all of it). */
    all: () => ['deals'] as const,
    /** The member's own deals (mine) or their downline's (team). */
    list: (whitelabelUuid: string, scope: 'mine' | 'team') => ['deals', 'list', whitelabelUuid, scope] as const,
  },
  lotteries: {
    /** Everything of the lotteries area (buying tickets refreshes all of it). */
    all: () => ['lotteries'] as const,
    /** The tenant's raffles; a member's answer carries their own tickets, a visitor's does not. */
    list: (whitelabelUuid: string, signedIn: boolean) => ['lotteries', 'list', whitelabelUuid, signedIn] as const,
    entries: (whitelabelUuid: string) => ['lotteries', 'entries', whitelabelUuid] as const,
  },
  roadmap: {
    /** The tenant's roadmap items with the member's own votes, in the language the portal shows. */
    items: (whitelabelUuid: string, lang: string) => ['roadmap', 'items', whitelabelUuid, lang] as const,
  },
  wallet: {
    /** Everything of the wallet area (a withdrawal refreshes all of it, with `me`'s balances). */
    all: () => ['wallet'] as const,
    withdrawalOptions: () => ['wallet', 'withdrawalOptions'] as const,
    withdrawals: (filter: { status: string | null; page: number }) => ['wallet', 'withdrawals', filter] as const,
    balances: () => ['wallet', 'balances'] as const,
    /** The coins the tenant's merchants sell, with their price now. */
    merchantAssets: (whitelabelUuid: string) => ['wallet', 'merchantAssets', whitelabelUuid] as const,
    history: (range: string) => ['wallet', 'history', range] as const,
    transactions: (type: string | null) => ['wallet', 'transactions', type] as const,
    /** The dashboard's widget values, one query per widget. */
    dashboardPlans: () => ['wallet', 'dashboard', 'plans'] as const,
    dashboardFinance: () => ['wallet', 'dashboard', 'finance'] as const,
    dashboardDeals: (whose: 'mine' | 'team') => ['wallet', 'dashboard', 'deals', whose] as const,
  },
  affiliates: {
    team: () => ['affiliates', 'team'] as const,
    level: (level: number, page: number) => ['affiliates', 'level', level, page] as const,
    topTeam: () => ['affiliates', 'topTeam'] as const,
    earnings: () => ['affiliates', 'earnings'] as const,
  },
  trading: {
    /** Everything of the trading area (saving or disconnecting an account refreshes all of it). */
    all: () => ['trading'] as const,
    exchanges: (whitelabelUuid: string) => ['trading', 'exchanges', whitelabelUuid] as const,
    accounts: (whitelabelUuid: string) => ['trading', 'accounts', whitelabelUuid] as const,
    account: (whitelabelUuid: string, id: string) => ['trading', 'account', whitelabelUuid, id] as const,
    services: (whitelabelUuid: string) => ['trading', 'services', whitelabelUuid] as const,
  },
  copyTrading: {
    /** Everything copy trading shows (a link request or a connection changes a strategy's followers). */
    all: () => ['copyTrading'] as const,
    /** The strategies as listed: the period, filters and sort are the query's variables. */
    strategies: (whitelabelUuid: string, query: { period: string; risk?: number; quoteAsset?: string; openOnly?: boolean; sort?: string }) =>
      ['copyTrading', 'strategies', whitelabelUuid, query] as const,
    strategy: (whitelabelUuid: string, id: string, period: string) => ['copyTrading', 'strategy', whitelabelUuid, id, period] as const,
    /** The public ranking: the same answer for a visitor and a member, so one key serves both. */
    rankings: (whitelabelUuid: string, period: string) => ['copyTrading', 'rankings', whitelabelUuid, period] as const,
    ranking: (whitelabelUuid: string, id: string, period: string) => ['copyTrading', 'ranking', whitelabelUuid, id, period] as const,
  },
  copyLinks: {
    /** Everything of copy trading's links (a request made, a decision, a connection changed refreshes all of it). */
    all: () => ['copyLinks'] as const,
    investors: (whitelabelUuid: string) => ['copyLinks', 'investors', whitelabelUuid] as const,
  },
  appStatus: {
    userSettings: () => ['appStatus', 'userSettings'] as const,
    activeSubscription: () => ['appStatus', 'activeSubscription'] as const,
  },
} as const;
