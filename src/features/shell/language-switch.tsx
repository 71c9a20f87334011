import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { chooseLocale, isLocale, localeNames, locales, type Locale } from '../../lib/i18n';

/**
 * The header switcher offers en and ru (spec "Interface-text facts"), plus the active language when it is
 * another one; on public pages (`everyLanguage`) all four, since a visitor has no profile to pick theirs in.
 * A native select: keyboard and screen readers know it, and it costs no popover code.
 */
export function LanguageSwitch({ everyLanguage = false }: { everyLanguage?: boolean }) {
  const { t, i18n } = useLingui();
  const active: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const offered = everyLanguage ? [...locales] : Array.from(new Set<Locale>(['en', 'ru', active]));
  return (
    <NativeSelect
      aria-label={t`Language`}
      value={active}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void chooseLocale(next);
      }}
      data={offered.map((locale) => ({ value: locale, label: localeNames[locale] }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={130}
      data-testid="language-switch"
    />
  );
}
