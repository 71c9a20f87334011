import type { Decimal } from '../../domain/money';

/** Where prices come from: a provider's current price of one unit of `symbol` in `payCurrency`. */
export interface RatesAdapter {
  /** The price, or null when the provider does not price the pair. Throws when the provider cannot be reached. */
  rate(symbol: string, payCurrency: string): Promise<Decimal | null>;
}
