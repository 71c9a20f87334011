// The store header's search (spec §2 "Unregistered layout"): it filters the store's products, keeping the
// words in the address so a search can be shared and survives a reload.
import { useEffect, useState } from 'react';
import { Box, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { productSearchMax } from '../../../domain/limits';

export function StoreSearch() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const current = useSearch({ strict: false, select: (search) => (search as { search?: string }).search ?? '' });
  const [text, setText] = useState(current);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (debounced === current) return;
    void navigate({ to: '/store', search: (previous) => ({ ...previous, search: debounced || undefined }) });
    // Only what is typed leads the address (not the address's own changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <Box component="search">
      <TextInput
        placeholder={t`Search products`}
        aria-label={t`Search products`}
        value={text}
        maxLength={productSearchMax}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
    </Box>
  );
}
