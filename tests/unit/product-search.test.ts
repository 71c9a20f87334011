// The product lists' address: what the router hands the route (values parsed as JSON) is read as text.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { productSearchSchema } from '../../src/routes/-product-search';

describe('the product lists search params', () => {
  it('keeps a purchase link and a category that the router read as numbers (?products=7, ?category=3, ?search=123)', () => {
    expect(v.parse(productSearchSchema, { products: 7, category: 3, search: 123 })).toEqual({ products: '7', category: '3', search: '123' });
  });

  it('keeps text as it is and drops what is no filter (an unknown sort, an object)', () => {
    expect(v.parse(productSearchSchema, { products: '7:monthly,9', sort: 'cheapest-first', category: { id: 1 } })).toEqual({
      products: '7:monthly,9',
      sort: undefined,
      category: undefined,
      search: undefined,
    });
  });
});
