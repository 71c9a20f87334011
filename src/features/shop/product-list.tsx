// The products (member /products and the public /store): the visible categories (hidden ones left out),
// search and sort order, and product cards. The filter lives in the address (the route keeps it).
import { useEffect, useState } from 'react';
import { Chip, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { productSearchMax } from '../../../domain/limits';
import { categoriesQueryOptions, productsQueryOptions, type ProductFilter, type ProductSort } from '../../api/shop';
import { useTenant } from '../../lib/tenant-context';
import { ProductCard } from './product-card';

export interface ProductListProps {
  filter: ProductFilter;
  onFilterChange: (filter: ProductFilter) => void;
  /** Where a card leads: the member's product page, or the store's. */
  productPage: '/product/$id' | '/store/product/$id';
  /** The store header has its own search: the page's is left out there. */
  withSearch?: boolean;
}

export function ProductList({ filter, onFilterChange, productPage, withSearch = true }: ProductListProps) {
  const { t } = useLingui();
  const tenant = useTenant();
  const products = useSuspenseQuery(productsQueryOptions(tenant.uuid, filter)).data.moduleProducts;
  const categories = useSuspenseQuery(categoriesQueryOptions(tenant.uuid)).data.moduleProductCategories.filter((category) => !category.hidden);
  const [search, setSearch] = useState(filter.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useEffect(() => {
    if (debounced !== (filter.search ?? '')) onFilterChange({ ...filter, search: debounced || undefined });
    // The filter follows what is typed, once typing pauses.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const sorts: { value: ProductSort | 'default'; label: string }[] = [
    { value: 'default', label: t`Recommended` },
    { value: 'price_asc', label: t`Price: low to high` },
    { value: 'price_desc', label: t`Price: high to low` },
    { value: 'name', label: t`Name` },
    { value: 'newest', label: t`Newest` },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {withSearch && (
          <TextInput
            role="searchbox"
            label={t`Search products`}
            value={search}
            maxLength={productSearchMax}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 16rem' }}
          />
        )}
        <NativeSelect
          label={t`Sort by`}
          data={sorts}
          value={filter.sortOrder ?? 'default'}
          onChange={(event) => {
            const value = sorts.find((sort) => sort.value === event.currentTarget.value)?.value;
            onFilterChange({ ...filter, sortOrder: value === 'default' ? undefined : value });
          }}
          w={200}
        />
      </Group>
      {categories.length > 0 && (
        <Chip.Group
          value={filter.categoryId ?? 'all'}
          onChange={(value) => onFilterChange({ ...filter, categoryId: value === 'all' ? undefined : String(value) })}
        >
          <Group gap="xs" role="group" aria-label={t`Categories`}>
            <Chip value="all" variant="outline">
              <Trans>All</Trans>
            </Chip>
            {categories.map((category) => (
              <Chip key={category.id} value={category.id} variant="outline">
                {category.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {products.length === 0 ? (
        <Text c="dimmed" role="status">
          <Trans>No products match.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {products.map((product, index) => (
            // The first row (up to four across) is on screen at once: its images load first, not lazily.
            <ProductCard key={product.id} product={product} to={productPage} priority={index < 4} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
