// Models of the account settings flows: two-factor activation and deactivation, profile, avatar,
// staking wallet.
import { twoFactorActivationMachine } from '../../machines/two-factor/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../machines/two-factor/two-factor-deactivation.machine';
import type { ActivationEvent, DeactivationEvent, TwoFaSecret } from '../../machines/two-factor/two-factor.types';
import { profileMachine, type ProfileEvent } from '../../machines/profile/profile.machine';
import { avatarMachine } from '../../machines/profile/avatar.machine';
import { stakingWalletMachine } from '../../machines/staking-wallet/staking-wallet.machine';
import type { AppError } from '../../machines/shared/app-error';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const secret: TwoFaSecret = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', name: 'Demo Portal', email: 'demo@example.com', method: 'google2fa' };
export const wrongCode: AppError = { code: 'validation', reason: 'TwoFaCodeError' };
export const attemptVoid: AppError = { code: 'server', category: 'conflict', reason: 'TwoFaNotStarted' };

export const activationFixtures = {
  'method.continue': [{ type: 'method.continue' }],
  'step.back': [{ type: 'step.back' }],
  'backup.toggle': [
    { type: 'backup.toggle', saved: true },
    { type: 'backup.toggle', saved: false },
  ],
  'step.continue': [{ type: 'step.continue' }],
  'emailCode.send': [{ type: 'emailCode.send' }],
  'emailCode.change': [{ type: 'emailCode.change', code: '123456' }],
  'authCode.change': [{ type: 'authCode.change', code: '654321' }],
  'activation.submit': [{ type: 'activation.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.generateSecret': [{ type: 'xstate.done.actor.generateSecret', output: secret }],
  'xstate.error.actor.generateSecret': [{ type: 'xstate.error.actor.generateSecret', error: { code: 'network' } }],
  'xstate.done.actor.sendEmailCode': [{ type: 'xstate.done.actor.sendEmailCode', output: undefined }],
  'xstate.error.actor.sendEmailCode': [{ type: 'xstate.error.actor.sendEmailCode', error: { code: 'network' } }],
  'xstate.done.actor.activate': [{ type: 'xstate.done.actor.activate', output: undefined }],
  'xstate.error.actor.activate': [
    { type: 'xstate.error.actor.activate', error: wrongCode },
    { type: 'xstate.error.actor.activate', error: attemptVoid },
  ],
  'xstate.after.twoFaResendWait.twoFactorActivation.enteringCodes.emailCode.sent': [
    { type: 'xstate.after.twoFaResendWait.twoFactorActivation.enteringCodes.emailCode.sent' },
  ],
} satisfies {
  [K in ActivationEvent['type']]: Extract<ActivationEvent, { type: K }>[];
} & {
  'xstate.done.actor.generateSecret': DoneEvent<'generateSecret', TwoFaSecret>[];
  'xstate.error.actor.generateSecret': ErrorEvent<'generateSecret'>[];
  'xstate.done.actor.sendEmailCode': DoneEvent<'sendEmailCode', void>[];
  'xstate.error.actor.sendEmailCode': ErrorEvent<'sendEmailCode'>[];
  'xstate.done.actor.activate': DoneEvent<'activate', void>[];
  'xstate.error.actor.activate': ErrorEvent<'activate'>[];
  'xstate.after.twoFaResendWait.twoFactorActivation.enteringCodes.emailCode.sent': { type: string }[];
};

export const activationModel: Model<typeof twoFactorActivationMachine> = {
  machine: twoFactorActivationMachine,
  inputs: [{ label: 'two-factor off', input: undefined as never }],
  events: flattenFixtures(activationFixtures),
  contextKeys: ['backupSaved', 'emailCode', 'authCode'],
};

export const deactivationModel: Model<typeof twoFactorDeactivationMachine> = {
  machine: twoFactorDeactivationMachine,
  inputs: [{ label: 'two-factor on', input: undefined as never }],
  events: flattenFixtures({
    'authCode.change': [{ type: 'authCode.change', code: '654321' }],
    'deactivation.submit': [{ type: 'deactivation.submit' }],
    'dialog.close': [{ type: 'dialog.close' }],
    'xstate.done.actor.deactivate': [{ type: 'xstate.done.actor.deactivate', output: undefined }],
    'xstate.error.actor.deactivate': [{ type: 'xstate.error.actor.deactivate', error: wrongCode }],
  } satisfies { [K in DeactivationEvent['type']]: Extract<DeactivationEvent, { type: K }>[] } & {
    'xstate.done.actor.deactivate': DoneEvent<'deactivate', void>[];
    'xstate.error.actor.deactivate': ErrorEvent<'deactivate'>[];
  }),
  contextKeys: ['authCode'],
};

/** The 150×150 square the avatar flow hands to the profile flow. */
export const croppedAvatar = 'data:image/png;base64,iVBORw0KGgo=';

export const goodProfile = { name: 'Demo Member', phone: '+12025550123', telegram: 'demo', supportCode: '123456', language: 'en' as const };

export const profileModel: Model<typeof profileMachine> = {
  machine: profileMachine,
  inputs: [
    { label: 'name editable', input: { allowEditName: true } },
    { label: 'name fixed', input: { allowEditName: false } },
  ],
  events: flattenFixtures({
    'avatar.set': [{ type: 'avatar.set', dataUrl: croppedAvatar }],
    'avatar.reset': [{ type: 'avatar.reset' }],
    'profile.submit': [
      { type: 'profile.submit', values: goodProfile },
      { type: 'profile.submit', values: { ...goodProfile, name: 'A', supportCode: '12345', phone: '+1234' } },
    ],
    'language.change': [{ type: 'language.change', language: 'es' }],
    'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: undefined }],
    'xstate.error.actor.saveProfile': [{ type: 'xstate.error.actor.saveProfile', error: { code: 'network' } }],
    'xstate.done.actor.switchLanguage': [{ type: 'xstate.done.actor.switchLanguage', output: undefined }],
    'xstate.error.actor.switchLanguage': [{ type: 'xstate.error.actor.switchLanguage', error: { code: 'network' } }],
  } satisfies { [K in ProfileEvent['type']]: Extract<ProfileEvent, { type: K }>[] } & {
    'xstate.done.actor.saveProfile': DoneEvent<'saveProfile', void>[];
    'xstate.error.actor.saveProfile': ErrorEvent<'saveProfile'>[];
    'xstate.done.actor.switchLanguage': DoneEvent<'switchLanguage', void>[];
    'xstate.error.actor.switchLanguage': ErrorEvent<'switchLanguage'>[];
  }),
  contextKeys: ['avatar'],
};

export const avatarModel: Model<typeof avatarMachine> = {
  machine: avatarMachine,
  inputs: [
    { label: 'file reading available', input: { canReadFiles: true } },
    { label: 'no FileReader', input: { canReadFiles: false } },
  ],
  events: flattenFixtures({
    'file.choose': [
      { type: 'file.choose', file: { type: 'image/png' } },
      { type: 'file.choose', file: { type: 'image/gif' } },
    ],
    'crop.confirm': [{ type: 'crop.confirm', area: { x: 0, y: 0, width: 300, height: 300, rotation: 90 } }],
    'crop.cancel': [{ type: 'crop.cancel' }],
    'xstate.done.actor.readFile': [{ type: 'xstate.done.actor.readFile', output: 'data:image/png;base64,AAAA' }],
    'xstate.error.actor.readFile': [{ type: 'xstate.error.actor.readFile', error: new Error('unreadable') }],
    'xstate.done.actor.cropImage': [{ type: 'xstate.done.actor.cropImage', output: 'data:image/png;base64,BBBB' }],
    'xstate.error.actor.cropImage': [{ type: 'xstate.error.actor.cropImage', error: new Error('no canvas') }],
  }),
};

export const stakingWalletModel: Model<typeof stakingWalletMachine> = {
  machine: stakingWalletMachine,
  inputs: [{ label: 'staking configured', input: undefined as never }],
  events: flattenFixtures({
    'wallet.submit': [
      { type: 'wallet.submit', address: '  0x52908400098527886E0F7030069857D2E4169EE7  ' },
      { type: 'wallet.submit', address: '0x123' },
    ],
    'xstate.done.actor.saveWallet': [{ type: 'xstate.done.actor.saveWallet', output: undefined }],
    'xstate.error.actor.saveWallet': [{ type: 'xstate.error.actor.saveWallet', error: { code: 'network' } }],
  }),
};
