// Turning two-factor on (spec §4 "Two-factor activation"): the dialog with its stepper, showing the step its
// flow is at. The flow opens it (Turn on) and closes it.
import { Stepper } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import * as activation from '../../../../machines/account/two-factor-activation.selectors';
import { ActivationContext } from '../account.contexts';
import { ActivatedStep } from './activated-step';
import { CodesStep } from './codes-step';
import { FlowModal } from './flow-modal';
import { MethodStep } from './method-step';
import { SecretStep } from './secret-step';

export function ActivationDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useLingui();
  const actor = ActivationContext.useActorRef();
  const step = ActivationContext.useSelector(activation.selectStep);
  const closed = ActivationContext.useSelector(activation.selectClosed);
  return (
    <FlowModal
      closed={closed}
      onClose={() => actor.send({ type: 'dialog.close' })}
      onClosed={onClosed}
      title={t`Turn on two-factor authentication`}
    >
      {/* Long step names (uk, ru, es) wrap under their icons instead of running out of a phone's dialog. */}
      <Stepper
        active={step - 1}
        size="xs"
        mb="lg"
        allowNextStepsSelect={false}
        styles={{ stepLabel: { whiteSpace: 'normal', overflowWrap: 'anywhere' }, step: { minWidth: 0 }, separator: { minWidth: 8 } }}
      >
        <Stepper.Step label={t`Method`} />
        <Stepper.Step label={t`Key`} />
        <Stepper.Step label={t`Codes`} />
      </Stepper>
      {step === 1 && <MethodStep />}
      {step === 2 && <SecretStep />}
      {step === 3 && <CodesStep />}
      {step === 4 && <ActivatedStep />}
    </FlowModal>
  );
}
