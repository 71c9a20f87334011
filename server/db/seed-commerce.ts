// Demo shop and payments data (DESIGN §7): the Demo Portal's store (products one-time and recurrent in
// three visible categories and a hidden one, with local images), promo codes WELCOME10, FLAT5 and EXPIRED1,
// every gateway module configured with fee rules and bank details, the crypto coins and networks, the demo
// member's unpaid and paid invoices, and the ledger's opening rows for the seeded balances.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  currencies,
  gatewayCurrencies,
  gatewayFees,
  gatewayTransactions,
  invoiceItems,
  invoices,
  orderLines,
  orders,
  paymentGateways,
  productCategories,
  productCategoryLinks,
  productImages,
  products,
  promoCodeCategories,
  promoCodes,
  purchases,
} from './schema';
import { invoiceDue } from '../../domain/timing';
import { newInvoiceTag } from '../modules/payments/invoices';

interface DemoProduct {
  slug: string;
  name: string;
  description: string;
  category: 'courses' | 'software' | 'services' | 'bundles';
  prices: Partial<Record<'onetime' | 'monthly' | 'quartally' | 'semiannually' | 'annually', string>>;
  lastPrice?: string;
  bgColor: string;
}

const demoProducts: DemoProduct[] = [
  {
    slug: 'trading-basics',
    name: 'Trading Basics Course',
    description: 'Twelve lessons from order types to risk management, for your first steps in the markets.',
    category: 'courses',
    prices: { onetime: '49.90' },
    lastPrice: '69.90',
    bgColor: '#e7f0fb',
  },
  {
    slug: 'advanced-strategies',
    name: 'Advanced Strategies Course',
    description: 'Swing, trend and range strategies with worked examples and back-tests.',
    category: 'courses',
    prices: { onetime: '129.00' },
    bgColor: '#e3f6f8',
  },
  {
    slug: 'market-psychology',
    name: 'Market Psychology E-book',
    description: 'Why traders lose discipline, and the habits that keep it.',
    category: 'courses',
    prices: { onetime: '19.99' },
    bgColor: '#efeafd',
  },
  {
    slug: 'signals-bot',
    name: 'Signals Bot',
    description: 'Entry and exit signals for 40 pairs, delivered to Telegram.',
    category: 'software',
    prices: { monthly: '29.00', quartally: '79.00', semiannually: '149.00', annually: '279.00' },
    bgColor: '#e6f4ea',
  },
  {
    slug: 'portfolio-tracker',
    name: 'Portfolio Tracker Pro',
    description: 'Every exchange account and wallet in one view, with daily reports.',
    category: 'software',
    prices: { monthly: '9.90', annually: '99.00' },
    bgColor: '#fdeee6',
  },
  {
    slug: 'copy-trading',
    name: 'Copy-Trading Access',
    description: 'Follow the strategies of verified traders with your own risk limits.',
    category: 'software',
    prices: { monthly: '49.00', quartally: '135.00' },
    lastPrice: '59.00',
    bgColor: '#e7f1fa',
  },
  {
    slug: 'trading-journal',
    name: 'Trading Journal',
    // One-time only: a monthly price beside it would add the 39.00 as a setup fee (spec §9), so renting could
    // not cost less than buying; the setup-fee example is Trading Bot Hosting.
    description: 'Log every trade and see what works: buy it once and keep it.',
    category: 'software',
    prices: { onetime: '39.00' },
    bgColor: '#eef6e4',
  },
  {
    slug: 'mentoring',
    name: 'Personal Mentoring Session',
    description: 'One hour with a senior trader, on your questions and your portfolio.',
    category: 'services',
    prices: { onetime: '150.00' },
    bgColor: '#f6e9f8',
  },
  {
    slug: 'account-setup',
    name: 'Account Setup',
    description: 'We connect your exchange accounts and set up your API keys safely.',
    category: 'services',
    prices: { onetime: '25.00' },
    bgColor: '#eef0f2',
  },
  {
    slug: 'vip-support',
    name: 'VIP Support',
    description: 'Answers within an hour, every day, from a named support manager.',
    category: 'services',
    prices: { monthly: '19.00', annually: '190.00' },
    bgColor: '#fbf4dc',
  },
  {
    slug: 'starter-bundle',
    name: 'Starter Bundle',
    description: 'The basics course, the e-book and an account setup together (sold through purchase links).',
    category: 'bundles',
    prices: { onetime: '79.00' },
    lastPrice: '94.89',
    bgColor: '#fbe7ee',
  },
  {
    // A recurrent product with a setup fee: its one-time price is added to a monthly line (spec §9 "Cart total").
    slug: 'bot-hosting',
    name: 'Trading Bot Hosting',
    description: 'Your trading bot on a managed server around the clock: a one-time setup, then a monthly fee.',
    category: 'software',
    prices: { onetime: '49.00', monthly: '19.90' },
    bgColor: '#e8f0fe',
  },
];

const secret = () => randomBytes(32).toString('hex');

export async function seedCommerce(tx: Db, ids: { demoTenantId: number; acmeTenantId: number; demoMemberId: number }) {
  const { demoTenantId, acmeTenantId, demoMemberId } = ids;
  await tx.insert(currencies).values([
    { code: 'ETH', symbol: 'Ξ', type: 'crypto', icon: null, usdtRate: '3200' },
    { code: 'LTC', symbol: 'Ł', type: 'crypto', icon: null, usdtRate: '80' },
  ]);

  // ---------------------------------------------------------------- store
  const categoryRows = await tx
    .insert(productCategories)
    .values([
      { tenantId: demoTenantId, name: 'Courses', viewTemplate: 'products', sortOrder: 1 },
      { tenantId: demoTenantId, name: 'Software', viewTemplate: 'products', sortOrder: 2 },
      { tenantId: demoTenantId, name: 'Services', viewTemplate: 'products', sortOrder: 3 },
      { tenantId: demoTenantId, name: 'Bundles', viewTemplate: 'products', sortOrder: 4, hidden: true },
    ])
    .returning();
  const categoryId = {
    courses: categoryRows[0]!.id,
    software: categoryRows[1]!.id,
    services: categoryRows[2]!.id,
    bundles: categoryRows[3]!.id,
  };
  const productRows = await tx
    .insert(products)
    .values(
      demoProducts.map((product, index) => ({
        tenantId: demoTenantId,
        name: product.name,
        description: product.description,
        bgColor: product.bgColor,
        currency: 'USDT',
        priceOnetime: product.prices.onetime ?? null,
        priceMonthly: product.prices.monthly ?? null,
        priceQuartally: product.prices.quartally ?? null,
        priceSemiannually: product.prices.semiannually ?? null,
        priceAnnually: product.prices.annually ?? null,
        lastPrice: product.lastPrice ?? null,
        sortOrder: index + 1,
      })),
    )
    .returning();
  const productId = Object.fromEntries(demoProducts.map((product, index) => [product.slug, productRows[index]!.id]));
  await tx
    .insert(productCategoryLinks)
    .values(demoProducts.map((product) => ({ productId: productId[product.slug]!, categoryId: categoryId[product.category] })));
  const images = await tx
    .insert(productImages)
    .values(demoProducts.map((product) => ({ productId: productId[product.slug]!, name: product.name, url: `/media/products/${product.slug}.svg` })))
    .returning();
  for (const image of images) {
    await tx.update(products).set({ defaultImageId: image.id }).where(sql`${products.id} = ${image.productId}`);
  }

  const day = 24 * 60 * 60_000;
  await tx.insert(promoCodes).values([
    // Every product, 10 % off, once per member.
    { tenantId: demoTenantId, code: 'WELCOME10', discount: '10', discountType: 'percent', maxUsageLimit: 1000, perMemberLimit: 1 },
    // 5 USDT off, only the Courses category.
    { tenantId: demoTenantId, code: 'FLAT5', discount: '5', discountType: 'units', maxUsageLimit: 500, perMemberLimit: null },
    { tenantId: demoTenantId, code: 'EXPIRED1', discount: '20', discountType: 'percent', expiresAt: new Date(Date.now() - day) },
  ]);
  await tx.execute(
    sql`insert into ${promoCodeCategories} (promo_code_id, category_id)
        select id, ${categoryId.courses} from ${promoCodes} where tenant_id = ${demoTenantId} and code = 'FLAT5'`,
  );

  // ---------------------------------------------------------------- gateways
  const bankDetails = {
    name: 'Demo Portal Ltd',
    address: '1 Example Street, London',
    card_number: null,
    swift: 'DEMOGB2L',
    iban: 'GB33BUKB20201555555555',
    bic: 'DEMOGB2L',
    ipn: null,
    bank_name: 'Example Bank plc',
    bank_address: '10 Bank Street, London',
  };
  const gatewaysFor = (tenantId: number, prefix: string, modules: string[]) =>
    [
      { module: 'coinpayments', name: 'CoinPayments', type: 'crypto', description: 'Pay in USDT, BTC, ETH and more.', websiteUrl: 'https://www.coinpayments.net' },
      { module: 'cpay', name: 'CPay', type: 'crypto', description: 'USDT on TRON or BNB Smart Chain.' },
      { module: 'prodamus', name: 'Prodamus', type: 'fiat', description: 'Bank card payments.' },
      { module: 'payport', name: 'PayPort', type: 'fiat', description: 'Cards, Apple Pay and Google Pay.' },
      {
        module: 'bank_transfer',
        name: 'Bank transfer',
        type: 'fiat',
        automatic: false,
        description: 'A SEPA or SWIFT transfer; up to 3 banking days.',
        publicConfig: bankDetails,
      },
    ]
      .filter((gateway) => modules.includes(gateway.module))
      .map((gateway, index) => ({
        tenantId,
        // A generic way to pay has no display name of the tenant's: the portal names it in the member's language.
        displayName: gateway.module === 'bank_transfer' ? null : gateway.name,
        logo: null,
        status: 'active',
        publicConfig: {},
        privateConfig: { merchant_id: `${prefix}-${gateway.module}`, ipn_secret: secret() },
        sortOrder: index + 1,
        ...gateway,
      }));
  await tx.insert(paymentGateways).values([
    ...gatewaysFor(demoTenantId, 'demo', ['coinpayments', 'cpay', 'prodamus', 'payport', 'bank_transfer']),
    ...gatewaysFor(acmeTenantId, 'acme', ['coinpayments', 'bank_transfer']),
  ]);
  await tx.insert(gatewayFees).values([
    { tenantId: demoTenantId, gateway: 'coinpayments', currency: '*', percent: '0.5', fixed: '0' },
    { tenantId: demoTenantId, gateway: 'coinpayments', currency: 'BTC', percent: '1', fixed: '0' },
    { tenantId: demoTenantId, gateway: 'cpay', currency: '*', percent: '1', fixed: '0' },
    { tenantId: demoTenantId, gateway: 'prodamus', currency: '*', percent: '3.5', fixed: '0' },
    { tenantId: demoTenantId, gateway: 'payport', currency: '*', percent: '2.9', fixed: '0.30' },
    { tenantId: demoTenantId, gateway: 'bank_transfer', currency: '*', percent: '0', fixed: '1.00' },
    { tenantId: acmeTenantId, gateway: 'coinpayments', currency: '*', percent: '0.5', fixed: '0' },
  ]);
  await tx.insert(gatewayCurrencies).values([
    { gateway: 'coinpayments', code: 'USDT.TRC20', name: 'Tether USD (TRC20)', currency: 'USDT', network: 'TRON', sortOrder: 1 },
    { gateway: 'coinpayments', code: 'USDT.ERC20', name: 'Tether USD (ERC20)', currency: 'USDT', network: 'Ethereum', sortOrder: 2 },
    { gateway: 'coinpayments', code: 'BTC', name: 'Bitcoin', currency: 'BTC', network: 'Bitcoin', sortOrder: 3 },
    { gateway: 'coinpayments', code: 'ETH', name: 'Ether', currency: 'ETH', network: 'Ethereum', sortOrder: 4 },
    { gateway: 'coinpayments', code: 'LTCT', name: 'Litecoin Testnet', currency: 'LTC', network: 'Litecoin testnet', sortOrder: 5 },
    { gateway: 'cpay', code: 'USDT-TRC20', name: 'USDT TRC20', description: 'Tether on TRON', currency: 'USDT', network: 'TRON', nodeType: 'trc20', replenishMinimum: '10', sortOrder: 1 },
    { gateway: 'cpay', code: 'USDT-BEP20', name: 'USDT BEP20', description: 'Tether on BNB Smart Chain', currency: 'USDT', network: 'BSC', nodeType: 'bep20', replenishMinimum: '10', sortOrder: 2 },
  ]);

  // ---------------------------------------------------------------- the demo member's invoices
  const now = Date.now();
  const invoiceFrom = async (slug: string, cycle: 'onetime' | 'monthly', price: string, createdAt: Date, paid: boolean) => {
    const [order] = await tx.insert(orders).values({ tenantId: demoTenantId, userId: demoMemberId, status: 'invoiced', createdAt }).returning();
    await tx.insert(orderLines).values({ orderId: order!.id, productId: productId[slug]!, billingCycle: cycle, qty: 1 });
    const [invoice] = await tx
      .insert(invoices)
      .values({
        tag: newInvoiceTag(),
        tenantId: demoTenantId,
        userId: demoMemberId,
        kind: 'order',
        status: paid ? 'paid' : 'unpaid',
        currency: 'USDT',
        subtotal: price,
        total: price,
        amountPaid: paid ? price : '0',
        paymentGateway: paid ? 'coinpayments' : null,
        dueDate: new Date(createdAt.getTime() + invoiceDue),
        datePaid: paid ? new Date(createdAt.getTime() + 60 * 60_000) : null,
        orderId: order!.id,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const product = demoProducts.find((candidate) => candidate.slug === slug)!;
    await tx.insert(invoiceItems).values({
      invoiceId: invoice!.id,
      productId: productId[slug]!,
      subject: product.name,
      billingCycle: cycle,
      qty: 1,
      unitPrice: price,
      amount: price,
      currency: 'USDT',
    });
    return invoice!;
  };
  await invoiceFrom('trading-basics', 'onetime', '49.90', new Date(now - 60 * 60_000), false);
  const paidAt = new Date(now - 10 * day);
  const paid = await invoiceFrom('portfolio-tracker', 'monthly', '9.90', paidAt, true);
  const [coinpayments] = await tx.execute(sql`select id from payment_gateways where tenant_id = ${demoTenantId} and module = 'coinpayments'`).then(
    (result) => (result as unknown as { rows: { id: number }[] }).rows,
  );
  await tx.insert(gatewayTransactions).values({
    invoiceId: paid.id,
    gatewayId: coinpayments!.id,
    gateway: 'coinpayments',
    txnId: `SBX-COI-${randomBytes(9).toString('hex').toUpperCase()}`,
    coin: 'USDT.TRC20',
    coinCurrency: 'USDT',
    amount: '9.90',
    invoiceAmount: '9.90',
    rate: '1',
    status: 'completed',
    receivedAmount: '9.90',
    creditedAmount: '9.90',
    late: false,
    expiresAt: new Date(paidAt.getTime() + 15 * 60_000),
    completedAt: new Date(paidAt.getTime() + 60 * 60_000),
    createdAt: paidAt,
  });
  const till = new Date(paid.datePaid!);
  till.setUTCMonth(till.getUTCMonth() + 1);
  await tx.insert(purchases).values({
    tenantId: demoTenantId,
    userId: demoMemberId,
    productId: productId['portfolio-tracker']!,
    invoiceId: paid.id,
    billingCycle: 'monthly',
    qty: 1,
    price: '9.90',
    currency: 'USDT',
    activeTill: till,
    createdAt: paid.datePaid!,
  });

  // ---------------------------------------------------------------- ledger: the seeded balances' opening rows
  await tx.execute(sql`
    insert into ledger_entries (user_id, wallet_id, currency, type, amount, balance_after, entry_key, note)
    select user_id, id, currency, 'ADMIN_DEPOSIT', available, available, 'opening:' || id, 'Opening balance'
    from wallets where available > 0`);
}
