// The server's texts of the copy-trading refusals (issue 32; the portal shows its own translations,
// src/lib/app-error-text.ts), and the conflict each one is answered with.
import type { AppErrorReason } from '../../../domain/app-error';
import { appError } from '../../errors';
import { tradingRefusalText } from './key-check';

export const copyRefusalText = {
  OwnStrategy: "This is your own strategy: follow it with another member's account, not yours.",
  StrategyInProbation: 'Linking is impossible during the probation period.',
  StrategyFull: 'A trader reached the maximum number of followers.',
  OverdueInvoices: tradingRefusalText.OverdueInvoices,
  AccountNotActive: tradingRefusalText.AccountNotActive,
  LinkingLimitReached: 'Your services allow no more linkings to strategies. Upgrade your tariff to link this account.',
  AlreadyLinked: "This account already follows a strategy or waits for a trader's answer. Choose another account.",
  BelowMinimumDeposit: "This account's balance is below the strategy's minimum deposit.",
  RequestDecided: 'This request was already decided or has expired.',
  ConnectionStateChanged: "This connection's status has changed meanwhile. The page shows it as it is now.",
} as const satisfies Partial<Record<AppErrorReason, string>>;

export type CopyRefusal = keyof typeof copyRefusalText;

export const copyRefused = (reason: CopyRefusal) => appError('conflict', copyRefusalText[reason], { reason });
