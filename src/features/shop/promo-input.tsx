// The promo code input (spec §5 "Promo input": trimmed, Apply shown only when not empty) and the code that
// applies. A cleared code takes what was typed with it; the reason is in the notifier.
import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { IconX } from '@tabler/icons-react';
import { selectApplied, selectCanApply, selectChecking, selectCode } from '../../../machines/shop/promo.selectors';
import { usePromoActor } from './shop.contexts';

export function PromoInput() {
  const { t } = useLingui();
  const promo = usePromoActor();
  const code = useSelector(promo, selectCode);
  const applied = useSelector(promo, selectApplied);
  const checking = useSelector(promo, selectChecking);
  const canApply = useSelector(promo, selectCanApply);
  if (applied) {
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="promo-applied">
        <Text size="sm">
          <Trans>
            Promo code <strong>{applied.code}</strong> applied
          </Trans>
        </Text>
        <ActionIcon variant="subtle" onClick={() => promo.send({ type: 'promo.clear' })} aria-label={t`Remove the promo code`}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        promo.send({ type: 'promo.apply' });
      }}
    >
      <TextInput
        label={t`Promo code`}
        value={code}
        onChange={(event) => promo.send({ type: 'promo.change', code: event.currentTarget.value })}
        autoComplete="off"
        readOnly={checking}
        rightSectionWidth="auto"
        rightSection={
          // Apply shows only when something is typed (spec §5).
          canApply || checking ? (
            <Button type="submit" variant="light" size="compact-sm" mr={4} loading={checking}>
              <Trans>Apply</Trans>
            </Button>
          ) : null
        }
      />
    </form>
  );
}
