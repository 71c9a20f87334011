// The shop's calls (calls §7): products, the cart, promo codes and the cart's invoice; queryOptions for the
// product lists and pages, and the mapping from the contract's shapes to the cart flow's.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { CartQuery, ProductFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { isBillingCycle } from '../../domain/pricing';
import type { AppliedPromo, CartLine, CartProduct } from '../../machines/shop/shop.types';
import type { productSorts as productSortList } from '../../domain/limits';

graphql(`
  fragment ProductFields on Product {
    id
    uuid
    name
    description
    bg_color
    image
    images {
      id
      url
      name
    }
    default_image_id
    currency
    currency_symbol
    price_onetime
    price_monthly
    price_quartally
    price_semiannually
    price_annually
    last_price
    sort_order
    categories {
      id
      name
      hidden
    }
  }
`);

export const productsQuery = graphql(`
  query Products($whitelabel_uuid: ID!, $search: String, $category_id: ID, $sort_order: String) {
    moduleProducts(whitelabel_uuid: $whitelabel_uuid, search: $search, category_id: $category_id, sort_order: $sort_order) {
      ...ProductFields
    }
  }
`);

export const productQuery = graphql(`
  query Product($whitelabel_uuid: ID!, $id: ID!) {
    moduleProduct(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...ProductFields
    }
  }
`);

export const categoriesQuery = graphql(`
  query ProductCategories($whitelabel_uuid: ID!) {
    moduleProductCategories(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      number_of_products
      hidden
    }
  }
`);

export const cartQuery = graphql(`
  query Cart($whitelabel_uuid: ID!, $anonymous_id: String) {
    moduleProductsShopingCart(whitelabel_uuid: $whitelabel_uuid, anonymous_id: $anonymous_id) {
      id
      status
      total
      currency
      items_count
      lines {
        qty
        billing_cycle
        price
        amount
        product {
          ...ProductFields
        }
      }
    }
  }
`);

export const addToCartMutation = graphql(`
  mutation AddToCart($whitelabel_uuid: ID!, $product_id: ID!, $input: AddToCartInput!, $anonymous_id: String) {
    moduleProductsAddToShoppingCart(whitelabel_uuid: $whitelabel_uuid, product_id: $product_id, input: $input, anonymous_id: $anonymous_id) {
      status
      message
    }
  }
`);

export const updateCartLineMutation = graphql(`
  mutation UpdateCartLine($whitelabel_uuid: ID!, $order_id: ID!, $product_id: ID!, $anonymous_id: String, $input: UpdateCartInput!) {
    moduleProductsRemoveFromShoppingCart(
      whitelabel_uuid: $whitelabel_uuid
      order_id: $order_id
      product_id: $product_id
      anonymous_id: $anonymous_id
      input: $input
    ) {
      status
      message
    }
  }
`);

export const mergeGuestCartMutation = graphql(`
  mutation MergeGuestCart($whitelabel_uuid: ID!, $anonymous_id: String!) {
    moduleProductsMergeGuestCart(whitelabel_uuid: $whitelabel_uuid, anonymous_id: $anonymous_id) {
      merged {
        qty
        billing_cycle
        product {
          ...ProductFields
        }
      }
    }
  }
`);

export const checkPromoMutation = graphql(`
  mutation CheckPromo($whitelabel_uuid: ID!, $promocode: String!, $product_ids: [ID!]!) {
    modulePromoCodesCheck(whitelabel_uuid: $whitelabel_uuid, promocode: $promocode, product_ids: $product_ids) {
      code
      discount
      discount_type
      products
      product_categories
      applies_to_all
    }
  }
`);

export const createInvoiceMutation = graphql(`
  mutation CreateCartInvoice($order_id: ID!, $promocode: String, $idempotency_key: String) {
    moduleProductsCreateInvoice(order_id: $order_id, promocode: $promocode, idempotency_key: $idempotency_key) {
      id
      tag
    }
  }
`);

export type Product = ProductFieldsFragment;

/** The sort orders moduleProducts takes besides its default (the tenant's order); defined with the lists' address. */
export { productSorts } from '../../domain/limits';
export type ProductSort = (typeof productSortList)[number];

export interface ProductFilter {
  search?: string;
  categoryId?: string;
  sortOrder?: ProductSort;
}

export const productsQueryOptions = (whitelabelUuid: string, filter: ProductFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.shop.products(whitelabelUuid, filter),
    queryFn: () =>
      api.request(productsQuery, {
        whitelabel_uuid: whitelabelUuid,
        search: filter.search || null,
        category_id: filter.categoryId ?? null,
        sort_order: filter.sortOrder ?? null,
      }),
  });

export const productQueryOptions = (whitelabelUuid: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.shop.product(whitelabelUuid, id),
    queryFn: () => api.request(productQuery, { whitelabel_uuid: whitelabelUuid, id }),
  });

export const categoriesQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.shop.categories(whitelabelUuid),
    queryFn: () => api.request(categoriesQuery, { whitelabel_uuid: whitelabelUuid }),
    staleTime: 5 * 60_000,
  });

/** A product as the cart flow holds it. */
export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    name: product.name,
    currency: product.currency,
    prices: {
      onetime: product.price_onetime ?? null,
      monthly: product.price_monthly ?? null,
      quartally: product.price_quartally ?? null,
      semiannually: product.price_semiannually ?? null,
      annually: product.price_annually ?? null,
    },
    categoryIds: product.categories.map((category) => category.id),
  };
}

type ApiLine = { qty: number; billing_cycle: string; product: Product };

export const toCartLines = (lines: readonly ApiLine[]): CartLine[] =>
  lines.flatMap((line) =>
    isBillingCycle(line.billing_cycle) ? [{ product: toCartProduct(line.product), qty: line.qty, cycle: line.billing_cycle }] : [],
  );

export const toActiveCart = (cart: CartQuery['moduleProductsShopingCart']) =>
  cart && cart.status === 'new' ? { orderId: cart.id, lines: toCartLines(cart.lines) } : { orderId: null, lines: [] };

export function toAppliedPromo(promo: {
  code: string;
  discount: string;
  discount_type: string;
  products: string[];
  product_categories: string[];
  applies_to_all: boolean;
}): AppliedPromo {
  return {
    code: promo.code,
    discount: promo.discount,
    discountType: promo.discount_type === 'percent' ? 'percent' : 'units',
    appliesToAll: promo.applies_to_all,
    productIds: promo.products,
    categoryIds: promo.product_categories,
  };
}
