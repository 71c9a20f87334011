import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useTenant } from '../../lib/tenant-context';

/** Light/dark switch (stored under "theme"), shown only when the tenant allows switching. */
export function ThemeToggle() {
  const { t } = useLingui();
  const tenant = useTenant();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const design = tenant.whiteLabel.design;
  if (design && (!design.allow_theme_switch || !design.dark_theme_allowed)) return null;
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
    >
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
