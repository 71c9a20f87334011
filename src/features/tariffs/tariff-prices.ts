// The cycles a tariff is sold in, with their prices, in the order of the billing cycles (spec §9).
import { billingCycles, type BillingCycle } from '../../../domain/pricing';
import type { CyclePrice } from '../../components/recurrent-price-picker';
import type { Tariff } from '../../api/tariffs';

type TariffProduct = Tariff['product'];

const priceOf = (product: TariffProduct, cycle: BillingCycle): string | null | undefined =>
  ({
    onetime: product.price_onetime,
    monthly: product.price_monthly,
    quartally: product.price_quartally,
    semiannually: product.price_semiannually,
    annually: product.price_annually,
  })[cycle];

export const cyclePricesOf = (product: TariffProduct): CyclePrice[] =>
  billingCycles.flatMap((cycle) => {
    const price = priceOf(product, cycle);
    return price ? [{ cycle, price }] : [];
  });
