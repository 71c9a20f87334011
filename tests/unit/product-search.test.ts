// The product lists' address: what the router hands the route (values parsed as JSON) is read as text, and a
// category is written as ?category=4.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { productSearchSchema } from '../../src/routes/-product-search';
import { parseSearch, stringifySearch } from '../../src/app/router/search-params';

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

describe("the store's address", () => {
  const category = (search: string) => v.parse(productSearchSchema, parseSearch(search)).category;

  it('names a category as ?category=4, not JSON-quoted (?category=%224%22)', () => {
    expect(stringifySearch({ category: '4' })).toBe('?category=4');
    expect(stringifySearch({ category: '4', search: 'lamp', sort: 'price_asc' })).toBe('?category=4&search=lamp&sort=price_asc');
    expect(category(stringifySearch({ category: '4' }))).toBe('4');
  });

  it('still reads the old quoted links', () => {
    expect(category('?category=%224%22')).toBe('4');
    expect(category('?category=4')).toBe('4');
  });

  it('quotes only what would read back as something else', () => {
    expect(stringifySearch({ search: 'true', code: '007', amount: '100.50', page: 2, open: true })).toBe(
      '?search=%22true%22&code=007&amount=%22100.50%22&page=2&open=true',
    );
  });
});
