// Demo data written on first start (DESIGN.md §7): two tenants with their design records and module sets,
// and the demo members with wallets. Later features add their own demo data here.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import {
  affPlans,
  appState,
  currencies,
  tenantDesigns,
  tenantModules,
  tenants,
  users,
  wallets,
} from './schema';
import { hashPassword } from '../security/password';
import { seedDemoCourses, seedSoldCourses } from '../modules/learning/demo-data';
import { seedCommerce } from './seed-commerce';
import { seedTariffs } from './seed-tariffs';
import { seedWalletDemo } from '../modules/wallet/demo-data';
import { seedCmsDemo } from '../modules/cms/demo-data';
import { seedAffiliatesDemo } from '../modules/affiliates/demo-data';
import { seedInvestmentsDemo } from '../modules/investments/demo-data';
import { seedMerchantsDemo } from '../modules/merchants/demo-data';
import { seedCrowdfundingDemo } from '../modules/crowdfunding/demo-data';
import { seedLotteriesDemo } from '../modules/lotteries/demo-data';
import { seedDealsDemo } from '../modules/deals/demo-data';
import { seedLicensesDemo } from '../modules/licenses/demo-data';
import { seedRoadmapDemo } from '../modules/roadmap/demo-data';
import { seedTradingDemo } from '../modules/trading/demo-data';
import { seedCopyTradingDemo } from '../modules/trading/copy-demo-data';
import { registerInvoiceKinds } from '../modules/invoice-kinds';

export const demoPassword = 'Demo12345';
export const demoTwoFaSecret = 'JBSWY3DPEHPK3PXP';

const everyModule = [
  'products', 'promo_codes', 'deals', 'lms', 'license', 'invest_plans', 'roadmap', 'crowdfunding', 'lottery',
  'spot', 'futures', 'staking', 'cms', 'ito', 'shop', 'investors', 'own_accounts',
];

export async function seedIfEmpty(db: Db): Promise<boolean> {
  // The demo data makes invoices through the areas' code, which runs before any server is created.
  registerInvoiceKinds();
  const existing = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(appState).values({ appName: 'portal', version: '1.0.0', status: 'live' });
    await tx.insert(currencies).values([
      { code: 'USDT', symbol: '₮', type: 'crypto', icon: null, usdtRate: '1', withdrawalMin: '10', withdrawalMax: '10000' },
      { code: 'EUR', symbol: '€', type: 'fiat', icon: null, usdtRate: '1.08', withdrawalMin: '20', withdrawalMax: '5000' },
      { code: 'USD', symbol: '$', type: 'fiat', icon: null, usdtRate: '1', withdrawalMin: '20', withdrawalMax: '5000' },
      { code: 'BTC', symbol: '₿', type: 'crypto', icon: null, usdtRate: '64000' },
      { code: 'AIV', symbol: 'AIV', type: 'crypto', icon: null, usdtRate: '0.05' },
    ]);

    const [demo] = await tx
      .insert(tenants)
      .values({
        name: 'Demo Portal',
        description: 'Everything the portal can do, switched on.',
        subdomain: 'localhost',
        domain: '127.0.0.1',
        companyName: 'Demo Portal Ltd',
        address: '1 Example Street, London',
        country: 'GB',
        logo: '/media/demo-logo-light.svg',
        currency: 'USDT',
        supportedCurrencies: ['USDT', 'EUR', 'USD'],
        fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
        telegramSupportId: 'demo_portal_support',
        userAgreementLink: 'https://example.com/terms',
        privacyPolicyLink: 'https://example.com/privacy',
        companyWebpageLink: 'https://example.com',
        knowledgeBaseLink: 'https://example.com/help',
        subscriptionAvailable: true,
        subscriptionPriceMonthly: '49.00',
        subscriptionPriceQuarterly: '135.00',
        subscriptionPriceSemiannual: '255.00',
        subscriptionPriceAnnual: '480.00',
        flags: {
          show_ref_profile: true,
          show_ref_tree: true,
          show_sponsor_profile: true,
          ref_button_left_menu: true,
          allow_edit_name: true,
          ref_link: true,
        },
        primaryColor: '#1c5fb8',
        secondaryColor: '#0b7285',
        primaryTextColor: '#ffffff',
        secondaryTextColor: '#ffffff',
        backgroundColor: '#f4f7fb',
        linkColor: '#1c5fb8',
      })
      .returning();
    const [acme] = await tx
      .insert(tenants)
      .values({
        name: 'Acme Invest',
        description: 'Investment tariffs and courses from Acme.',
        subdomain: 'acme',
        companyName: 'Acme Invest GmbH',
        country: 'DE',
        logo: '/media/acme-logo-light.svg',
        currency: 'USDT',
        supportedCurrencies: ['USDT', 'EUR'],
        // Lora, hosted by the reference server (server/brand-assets.ts), then its size-matched fallback.
        fontFamily: 'Lora, "Lora Fallback", Georgia, serif',
        // Acme's support chat is Tidio (a local stand-in here) and it measures with Google Tag Manager.
        tidioId: 'acme-tidio-demo',
        gtmTag: 'GTM-ACME001',
        privacyPolicyLink: 'https://example.com/acme/privacy',
        flags: { expanded_display_balance: true },
        primaryColor: '#b4380b',
        secondaryColor: '#5c3d2e',
        primaryTextColor: '#ffffff',
        secondaryTextColor: '#ffffff',
        backgroundColor: '#fbf6f2',
        linkColor: '#b4380b',
      })
      .returning();
    // Single sign-on tenant: members sign in through the dev OAuth server (/dev/oauth).
    const [sso] = await tx
      .insert(tenants)
      .values({
        name: 'SSO Portal',
        description: 'Members sign in through the company sign-in server.',
        subdomain: 'sso',
        companyName: 'SSO Portal Inc',
        logo: '/media/sso-logo.svg',
        currency: 'USDT',
        supportedCurrencies: ['USDT'],
        oauth2Url: '/dev/oauth/authorize',
        oauth2RedirectUrl: '/oauthlogin',
        oauth2ClientId: 'sso-portal',
        primaryColor: '#0b6e4f',
        primaryTextColor: '#ffffff',
      })
      .returning();
    if (!demo || !acme || !sso) throw new Error('Seeding tenants failed');

    await tx.insert(tenantDesigns).values([
      {
        tenantId: sso.id,
        favicon: '/media/sso-logo.svg',
        lightLogo: '/media/sso-logo.svg',
        darkLogo: '/media/sso-logo.svg',
        lightTheme: { primary: '#0b6e4f', primary_text: '#ffffff' },
        darkTheme: { primary: '#5fd3a8', primary_text: '#062b1f' },
      },
      {
        tenantId: demo.id,
        favicon: '/media/demo-favicon.svg',
        defaultTheme: 'light',
        dashboardWidgets: ['my_plans', 'my_tariff', 'my_deals', 'team_deals', 'my_finance', 'cms_banners'],
        allowThemeSwitch: true,
        darkThemeAllowed: true,
        lightLogo: '/media/demo-logo-light.svg',
        darkLogo: '/media/demo-logo-dark.svg',
        lightTheme: {
          primary: '#1c5fb8',
          secondary: '#0b7285',
          primary_text: '#ffffff',
          surface: '#ffffff',
          surface_background: '#eef3fa',
          main_background: '#f4f7fb',
        },
        darkTheme: {
          primary: '#74a8f0',
          secondary: '#66d9e8',
          primary_text: '#0b1a2e',
          surface: '#16243a',
          surface_background: '#1d2f4a',
          main_background: '#0b1a2e',
        },
      },
      {
        tenantId: acme.id,
        favicon: '/media/acme-favicon.svg',
        defaultTheme: 'light',
        dashboardWidgets: ['my_tariff', 'my_finance'],
        allowThemeSwitch: true,
        darkThemeAllowed: true,
        lightLogo: '/media/acme-logo-light.svg',
        darkLogo: '/media/acme-logo-dark.svg',
        // Acme's mark in the top right corner behind every page, in both themes.
        lightBackgroundImage: '/media/acme-background-light.svg',
        darkBackgroundImage: '/media/acme-background-dark.svg',
        backgroundImagePosition: 'right top',
        backgroundImageSize: 'min(100vw, 1200px) auto',
        lightTheme: {
          primary: '#b4380b',
          secondary: '#5c3d2e',
          primary_text: '#ffffff',
          surface: '#ffffff',
          surface_background: '#f6ece5',
          main_background: '#fbf6f2',
          surface_70: 'rgba(255, 255, 255, 0.7)',
          surface_30: 'rgba(255, 255, 255, 0.3)',
          surface_10: 'rgba(255, 255, 255, 0.1)',
          surface_03: 'rgba(255, 255, 255, 0.03)',
          surface_background_03: 'rgba(246, 236, 229, 0.03)',
          surface_background_10: 'rgba(246, 236, 229, 0.1)',
        },
        darkTheme: {
          primary: '#f08c5a',
          secondary: '#e0b49a',
          primary_text: '#2a1408',
          surface: '#2a1d16',
          surface_background: '#33241b',
          main_background: '#1c130e',
          surface_70: 'rgba(42, 29, 22, 0.7)',
          surface_30: 'rgba(42, 29, 22, 0.3)',
          surface_10: 'rgba(42, 29, 22, 0.1)',
          surface_03: 'rgba(42, 29, 22, 0.03)',
          surface_background_03: 'rgba(51, 36, 27, 0.03)',
          surface_background_10: 'rgba(51, 36, 27, 0.1)',
        },
      },
    ]);

    const productConfig = (viewTemplate: 'products' | 'pricing', typeDescription: 'franchise' | 'investment') => ({
      view_template: viewTemplate,
      tariffs_view: 'tiles',
      product_type_description: typeDescription,
      allow_public_access: true,
      description: null,
    });
    await tx.insert(tenantModules).values([
      ...everyModule.map((module) => ({
        tenantId: demo.id,
        module,
        publicConfig: {},
        customConfig: module === 'products' ? productConfig('products', 'franchise') : {},
      })),
      { tenantId: sso.id, module: 'lms', publicConfig: {}, customConfig: {} },
      ...['products', 'lms', 'roadmap', 'invest_plans'].map((module) => ({
        tenantId: acme.id,
        module,
        publicConfig: {},
        customConfig: module === 'products' ? productConfig('pricing', 'investment') : {},
      })),
    ]);
    await tx.insert(affPlans).values({
      tenantId: demo.id,
      name: 'Unilevel 5',
      module: 'Unilevel',
      description: 'Five levels of referral bonuses.',
      maxDepth: 5,
    });
    await seedCmsDemo(tx, demo.id);

    const passwordHash = await hashPassword(demoPassword);
    const now = new Date();
    const [demoMember] = await tx
      .insert(users)
      .values({
        tenantId: demo.id,
        email: 'demo@example.com',
        name: 'Demo Member',
        passwordHash,
        refid: 'demo',
        referenceId: 'D-100001',
        avatar: '/media/demo-avatar.svg',
        phone: '+12025550123',
        telegram: 'demo_member',
        emailVerifiedAt: now,
      })
      .returning();
    const [twofaMember] = await tx
      .insert(users)
      .values({
        tenantId: demo.id,
        email: 'twofa@example.com',
        name: 'Two-Factor Member',
        passwordHash,
        refid: 'twofa',
        referenceId: 'D-100002',
        emailVerifiedAt: now,
        twofaSecret: demoTwoFaSecret,
        twofaMethod: 'google2fa',
        sponsorId: null,
      })
      .returning();
    const [acmeMember] = await tx
      .insert(users)
      .values({
        tenantId: acme.id,
        email: 'demo@example.com',
        name: 'Acme Demo Member',
        passwordHash,
        refid: 'acme-demo',
        referenceId: 'A-200001',
        emailVerifiedAt: now,
      })
      .returning();
    const [ssoMember] = await tx
      .insert(users)
      .values({
        tenantId: sso.id,
        email: 'demo@example.com',
        name: 'SSO Demo Member',
        passwordHash,
        refid: 'sso-demo',
        referenceId: 'S-300001',
        emailVerifiedAt: now,
      })
      .returning();
    if (!demoMember || !twofaMember || !acmeMember || !ssoMember) throw new Error('Seeding members failed');
    await tx.update(users).set({ sponsorId: demoMember.id }).where(eq(users.id, twofaMember.id));

    await tx.insert(wallets).values([
      { userId: demoMember.id, currency: 'USDT', available: '1250.50', locked: '100.00' },
      { userId: demoMember.id, currency: 'EUR', available: '300.00' },
      { userId: demoMember.id, currency: 'BTC', available: '0.05' },
      { userId: demoMember.id, currency: 'AIV', available: '1000' },
      { userId: twofaMember.id, currency: 'USDT', available: '80.00' },
      { userId: twofaMember.id, currency: 'EUR', available: '250.00' },
      { userId: acmeMember.id, currency: 'USDT', available: '5000.00' },
      { userId: acmeMember.id, currency: 'EUR', available: '120.00' },
      { userId: ssoMember.id, currency: 'USDT', available: '42.00' },
    ]);
    await seedDemoCourses(tx as unknown as Db, [
      { tenantId: demo.id, userId: demoMember.id, withClub: true },
      { tenantId: acme.id, userId: acmeMember.id },
      { tenantId: sso.id, userId: ssoMember.id },
    ]);
    await seedTariffs(tx, { demoTenantId: demo.id, acmeTenantId: acme.id, demoMemberId: demoMember.id, passwordHash });
    await seedCommerce(tx, { demoTenantId: demo.id, acmeTenantId: acme.id, demoMemberId: demoMember.id });
    await seedSoldCourses(tx as unknown as Db, demo.id);
    const planMovements = await seedInvestmentsDemo(tx, { demoTenantId: demo.id, acmeTenantId: acme.id, demoMemberId: demoMember.id }, now.getTime());
    const projectMovements = await seedCrowdfundingDemo(tx, { tenantId: demo.id, demoMemberId: demoMember.id }, now.getTime());
    await seedWalletDemo(tx, { demoMemberId: demoMember.id, twofaMemberId: twofaMember.id }, [...planMovements, ...projectMovements], now.getTime());
    await seedAffiliatesDemo(tx, { tenantId: demo.id, demoMemberId: demoMember.id, twofaMemberId: twofaMember.id });
    await seedMerchantsDemo(tx, { demoTenantId: demo.id });
    await seedLotteriesDemo(tx, { tenantId: demo.id }, now.getTime());
    await seedDealsDemo(tx, { tenantId: demo.id, demoMemberId: demoMember.id, teamMemberId: twofaMember.id }, now.getTime());
    await seedLicensesDemo(tx, { tenantId: demo.id, demoMemberId: demoMember.id }, now.getTime());
    await seedRoadmapDemo(tx, { tenantId: demo.id }, now.getTime());
    await seedTradingDemo(tx as unknown as Db, { tenantId: demo.id, demoMemberId: demoMember.id }, now.getTime());
    await seedCopyTradingDemo(tx as unknown as Db, { tenantId: demo.id, demoMemberId: demoMember.id, passwordHash }, now.getTime());
  });
  return true;
}
