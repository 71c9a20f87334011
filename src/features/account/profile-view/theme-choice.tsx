// The light or dark theme, where the tenant lets members choose (design.allow_theme_switch).
import { SegmentedControl, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTenant } from '../../../lib/tenant-context';

export function ThemeChoice() {
  const { t } = useLingui();
  const tenant = useTenant();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  if (!tenant.whiteLabel.design?.allow_theme_switch) return null;
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="theme-label">
        <Trans>Theme</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby="theme-label"
        value={scheme}
        onChange={(value) => setColorScheme(value as 'light' | 'dark')}
        data={[
          { value: 'light', label: t`Light` },
          { value: 'dark', label: t`Dark` },
        ]}
      />
    </div>
  );
}
