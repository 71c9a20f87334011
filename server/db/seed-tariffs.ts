// Demo tariffs data (issue 16): each of the Demo Portal and Acme (investment mode) has a line of three tariffs
// sold monthly, quarterly and annually, kept in a hidden "Tariffs" category so the store does not list them,
// with upgrade paths from each tariff to every higher one. The demo member runs the Demo Portal's lowest tariff
// (monthly, paid 10 days ago), so it has upgrades; owner@example.com owns the Demo Portal and activates its
// platform subscription (with a USDT balance to pay it from).
import type { Db } from './client';
import {
  invoiceItems,
  invoices,
  productCategories,
  productCategoryLinks,
  products,
  purchases,
  tariffProducts,
  tariffUpgrades,
  tenantOwners,
  users,
  wallets,
} from './schema';
import { addMonths } from '../../domain/pricing';
import { newInvoiceTag } from '../modules/payments/invoices';

interface DemoTariff {
  name: string;
  description: string;
  monthly: string;
  quartally: string;
  annually: string;
  bgColor: string;
}

const demoTariffs: DemoTariff[] = [
  {
    name: 'Basic',
    description: 'The signals feed\nWeekly market review\nEmail support',
    monthly: '19.00',
    quartally: '51.00',
    annually: '190.00',
    bgColor: '#e7f0fb',
  },
  {
    name: 'Pro',
    description: 'Everything in Basic\nCopy-trading access\nDaily market review\nChat support',
    monthly: '49.00',
    quartally: '132.00',
    annually: '490.00',
    bgColor: '#e6f4ea',
  },
  {
    name: 'Elite',
    description: 'Everything in Pro\nPersonal mentoring each month\nPriority support\nEarly access to new strategies',
    monthly: '99.00',
    quartally: '267.00',
    annually: '990.00',
    bgColor: '#fbf4dc',
  },
];

const acmeTariffs: DemoTariff[] = [
  {
    name: 'Starter Portfolio',
    description: 'Diversified index portfolio\nQuarterly rebalancing\nMonthly report',
    monthly: '100.00',
    quartally: '270.00',
    annually: '1000.00',
    bgColor: '#f6ede6',
  },
  {
    name: 'Growth Portfolio',
    description: 'Everything in Starter\nGrowth and thematic funds\nMonthly rebalancing\nAnalyst calls',
    monthly: '250.00',
    quartally: '675.00',
    annually: '2500.00',
    bgColor: '#efe4da',
  },
  {
    name: 'Premium Portfolio',
    description: 'Everything in Growth\nPrivate placements\nPersonal portfolio manager',
    monthly: '500.00',
    quartally: '1350.00',
    annually: '5000.00',
    bgColor: '#e8d9cb',
  },
];

/** A tenant's tariff line: products in a hidden category, levels 1..n, each upgradable to every higher one. */
async function seedLine(tx: Db, tenantId: number, line: DemoTariff[]) {
  const [category] = await tx
    .insert(productCategories)
    .values({ tenantId, name: 'Tariffs', viewTemplate: 'pricing', sortOrder: 99, hidden: true })
    .returning();
  const rows = await tx
    .insert(products)
    .values(
      line.map((tariff, index) => ({
        tenantId,
        name: tariff.name,
        description: tariff.description,
        bgColor: tariff.bgColor,
        currency: 'USDT',
        priceMonthly: tariff.monthly,
        priceQuartally: tariff.quartally,
        priceAnnually: tariff.annually,
        sortOrder: 100 + index,
      })),
    )
    .returning();
  await tx.insert(productCategoryLinks).values(rows.map((row) => ({ productId: row.id, categoryId: category!.id })));
  await tx.insert(tariffProducts).values(rows.map((row, index) => ({ productId: row.id, tenantId, level: index + 1 })));
  await tx
    .insert(tariffUpgrades)
    .values(rows.flatMap((from, index) => rows.slice(index + 1).map((to) => ({ fromProductId: from.id, toProductId: to.id }))));
  return rows;
}

export async function seedTariffs(
  tx: Db,
  ids: { demoTenantId: number; acmeTenantId: number; demoMemberId: number; passwordHash: string },
) {
  const { demoTenantId, acmeTenantId, demoMemberId, passwordHash } = ids;
  const [basic] = await seedLine(tx, demoTenantId, demoTariffs);
  await seedLine(tx, acmeTenantId, acmeTariffs);

  // The demo member's Basic tariff, paid monthly 10 days ago.
  const paidAt = new Date(Date.now() - 10 * 24 * 60 * 60_000);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      tag: newInvoiceTag(),
      tenantId: demoTenantId,
      userId: demoMemberId,
      kind: 'tariff',
      status: 'paid',
      currency: 'USDT',
      subtotal: basic!.priceMonthly!,
      total: basic!.priceMonthly!,
      amountPaid: basic!.priceMonthly!,
      paymentGateway: 'balance',
      dueDate: paidAt,
      datePaid: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning();
  await tx.insert(invoiceItems).values({
    invoiceId: invoice!.id,
    productId: basic!.id,
    subject: basic!.name,
    billingCycle: 'monthly',
    qty: 1,
    unitPrice: basic!.priceMonthly!,
    amount: basic!.priceMonthly!,
    currency: 'USDT',
  });
  await tx.insert(purchases).values({
    tenantId: demoTenantId,
    userId: demoMemberId,
    productId: basic!.id,
    invoiceId: invoice!.id,
    billingCycle: 'monthly',
    qty: 1,
    price: basic!.priceMonthly!,
    currency: 'USDT',
    activeTill: addMonths(paidAt, 1),
    createdAt: paidAt,
  });

  // The Demo Portal's owner: activates the platform subscription.
  const [owner] = await tx
    .insert(users)
    .values({
      tenantId: demoTenantId,
      email: 'owner@example.com',
      name: 'Portal Owner',
      passwordHash,
      refid: 'owner',
      referenceId: 'D-100003',
      emailVerifiedAt: new Date(),
    })
    .returning();
  await tx.insert(tenantOwners).values({ tenantId: demoTenantId, userId: owner!.id });
  await tx.insert(wallets).values({ userId: owner!.id, currency: 'USDT', available: '1000.00' });
}
